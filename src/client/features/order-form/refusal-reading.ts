// What the form needs once the server refuses fields (use-error-summary.ts): the refusal's
// reader and the summary that lists it, a chunk loaded with the first refusal (docs/performance.md).
export { currentFieldErrors, errorsByPath } from './field-errors.js';
export { ErrorSummary } from '../../components/error-summary.js';
