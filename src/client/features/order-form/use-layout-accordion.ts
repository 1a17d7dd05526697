import { useRef, type Dispatch } from 'react';
import { useOrderFormText } from './messages.js';
import type { OrderAction, OrderState } from './order-state.js';

/**
 * The layouts' accordion for keyboard and screen-reader users: focus goes to a layout's
 * heading when it was added, or opened because the open one was removed; both are announced.
 */
export function useLayoutAccordion(
  state: OrderState,
  dispatch: Dispatch<OrderAction>,
  announce: (message: string) => void,
  focusAfterRender: (target: () => HTMLElement | undefined) => void,
) {
  const { t } = useOrderFormText();
  const headers = useRef(new Map<number, HTMLButtonElement>());
  const focusHeader = (layout: number | undefined) => {
    if (layout !== undefined) focusAfterRender(() => headers.current.get(layout));
  };

  const headerRef = (layout: number) => (el: HTMLButtonElement | null) => {
    if (el) headers.current.set(layout, el);
    else headers.current.delete(layout);
  };

  const dispatchLayoutAction = (action: OrderAction) => {
    if (action.type === 'additionalLayoutsAnswered' && action.answer === 'yes') {
      focusHeader(state.nextLayoutNumber);
      announce(t.layout.added(state.layouts.length + 1));
    }
    if (action.type === 'additionalLayoutsAnswered' && action.answer === 'no' && !state.detailsRevealed)
      announce(t.sectionC.revealed);
    if (action.type === 'layoutRemoved') {
      // The Remove button goes with its layout: focus the layout before it (or the first), never nowhere.
      const at = state.layouts.findIndex((l) => l.number === action.layout);
      const rest = state.layouts.filter((l) => l.number !== action.layout);
      focusHeader(rest[Math.max(0, at - 1)]?.number);
      announce(t.layout.removed);
    }
    dispatch(action);
  };

  return { headerRef, dispatchLayoutAction };
}
