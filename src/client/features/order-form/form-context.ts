import { createContext, useContext } from 'react';
import type { PublicPriceList } from '../../../shared/price-list-api.js';
import type { BackgroundUploads } from './background-uploads.js';

interface FormContextValue {
  /** The server's per-file limit, so a file too large is flagged when chosen. */
  maxFileBytes: number;
  /** Says something to screen readers through the page's live region. */
  announce: (message: string) => void;
  /** The files' background uploads (null where they are not used). */
  uploads: BackgroundUploads | null;
  /** The shop's price list, once loaded (null: none, or not yet). */
  priceList: PublicPriceList | null;
}

export const FormContext = createContext<FormContextValue>({
  maxFileBytes: Number.POSITIVE_INFINITY,
  announce: () => {},
  uploads: null,
  priceList: null,
});

export const useFormContext = () => useContext(FormContext);
