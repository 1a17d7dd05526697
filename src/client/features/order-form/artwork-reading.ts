// What the artwork hint reads and weighs (artwork-check.tsx), a chunk of its own loaded with the
// first chosen file rather than with the page (docs/performance.md).
export { readImageFileSize } from './image-size.js';
export { effectiveResolution, isVectorFormat, parsePrintSize } from '../../../shared/print-size.js';
