import { useEffect, useMemo, useRef, type Dispatch } from 'react';
import { fieldId } from '../../components/field-errors.js';
import { useOrderFormText } from './messages.js';
import { currentFieldErrors, errorsByPath, type Refusal } from './field-errors.js';
import type { OrderAction, OrderState } from './order-state.js';

/**
 * The refused fields, shown where the person looks: the summary takes focus when the server's
 * answer arrives, and its links open the field's layout if need be before focusing the field.
 */
export function useErrorSummary(
  state: OrderState,
  dispatch: Dispatch<OrderAction>,
  refusal: Refusal | null,
  focusAfterRender: (target: () => HTMLElement | null) => void,
) {
  const { t } = useOrderFormText();
  const summaryRef = useRef<HTMLDivElement>(null);
  const errors = useMemo(() => currentFieldErrors(t, refusal, state), [t, refusal, state]);
  const byPath = useMemo(() => errorsByPath(errors), [errors]);

  useEffect(() => {
    if (refusal) summaryRef.current?.focus();
  }, [refusal]);

  const followError = (path: string) => {
    const position = /^layouts\.(\d+)\./.exec(path)?.[1];
    const layout = position === undefined ? undefined : state.layouts[Number(position) - 1];
    const field = () => document.getElementById(fieldId(path));
    if (layout && state.openLayout !== layout.number) {
      // The field of a closed layout exists only after the render that opens it.
      focusAfterRender(field);
      dispatch({ type: 'layoutToggled', layout: layout.number });
    } else {
      field()?.focus();
    }
  };

  return { errors, errorsByPath: byPath, summaryRef, followError };
}
