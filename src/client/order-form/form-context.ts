import { createContext, useContext } from 'react';

export interface FormContextValue {
  /** The server's per-file limit, so a file too large is flagged when chosen. */
  maxFileBytes: number;
  /** Says something to screen readers through the page's live region. */
  announce: (message: string) => void;
}

export const FormContext = createContext<FormContextValue>({ maxFileBytes: Number.POSITIVE_INFINITY, announce: () => {} });

export const useFormContext = () => useContext(FormContext);
