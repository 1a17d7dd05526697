// Errors by field: a form puts the refused fields here; each field component reads its own.
// The field's id comes from its path, so an error summary can link to it.
import { createContext, useContext } from 'react';

/** Message by field path ("billing.email", "layouts.2.variations.0.sizes"). */
export const FieldErrorsContext = createContext<ReadonlyMap<string, string>>(new Map());

/** The id of the control for a path: stable, and valid in a URL fragment. */
export function fieldId(path: string): string {
  return `field-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;
}

export function useFieldError(path: string | undefined): string | undefined {
  const errors = useContext(FieldErrorsContext);
  return path === undefined ? undefined : errors.get(path);
}
