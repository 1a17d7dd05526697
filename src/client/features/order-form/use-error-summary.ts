import { useEffect, useMemo, useRef, useState, type Dispatch } from 'react';
import { fieldId } from '../../components/field-errors.js';
import { useOrderFormText } from './messages.js';
import type { Refusal } from './field-errors.js';
import type { OrderAction, OrderState } from './order-state.js';

type FieldErrors = typeof import('./refusal-reading.js');
let fieldErrorsLoad: Promise<FieldErrors> | undefined;
const NO_ERRORS = { errors: [], byPath: new Map<string, string>() };

/** The refusal's reader and summary (refusal-reading.ts), a chunk loaded with the first refusal (docs/performance.md). */
function useFieldErrors(wanted: boolean): FieldErrors | null {
  const [loaded, setLoaded] = useState<FieldErrors | null>(null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    fieldErrorsLoad ??= import('./refusal-reading.js');
    fieldErrorsLoad.then(
      (m) => {
        if (current) setLoaded(m);
      },
      () => {
        fieldErrorsLoad = undefined;
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, loaded]);
  return loaded;
}

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
  const reader = useFieldErrors(refusal !== null);
  const { errors, byPath } = useMemo(() => {
    if (!reader) return NO_ERRORS;
    const errors = reader.currentFieldErrors(t, refusal, state);
    return { errors, byPath: reader.errorsByPath(errors) };
  }, [reader, t, refusal, state]);

  // The summary appears with the refusal, or as soon as its reader has come: it takes focus then.
  useEffect(() => {
    if (refusal) summaryRef.current?.focus();
  }, [refusal, reader]);

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

  return { errors, errorsByPath: byPath, summaryRef, followError, Summary: reader?.ErrorSummary };
}
