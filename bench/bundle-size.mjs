// The order page's JavaScript and CSS before the customer's first interaction, per chunk, gzip
// (level 9, as served) and brotli. Figures in kB of 1,000 bytes, as Vite prints them, and in bytes.
// The budget (docs/architecture.md, Budgets) is 90 kB = 90,000 bytes of JavaScript, gzip.
// Usage: npm run build && node bench/bundle-size.mjs
import { measureInitialAssets } from '../scripts/initial-assets.mjs';

const BUDGET_BYTES = 90_000;
const { assets, totals } = measureInitialAssets('dist/client');
console.table(
  assets.map((a) => ({
    file: a.file,
    kind: a.kind,
    raw: kb(a.raw),
    gzip: kb(a.gzip),
    'gzip bytes': a.gzip,
    brotli: kb(a.brotli),
  })),
);
console.log(
  `Initial JavaScript: ${kb(totals.jsGzip)} gzip (${bytes(totals.jsGzip)}), ${kb(totals.jsBrotli)} brotli; ` +
    `budget ${kb(BUDGET_BYTES)} gzip (${bytes(BUDGET_BYTES)}), ${spare(BUDGET_BYTES - totals.jsGzip)}. ` +
    'React 19 alone is about 68 kB.',
);
console.log(`Initial CSS: ${kb(totals.cssGzip)} gzip (${bytes(totals.cssGzip)}).`);
console.log(
  'kB = 1,000 bytes. Gzip is level 9, what the server sends (scripts/precompress.mjs); ' +
    'Vite prints its own gzip figure, of a lower level, about 1 kB more.',
);
function kb(n) {
  return `${(n / 1000).toFixed(1)} kB`;
}
function bytes(n) {
  return `${n.toLocaleString('en-CA')} bytes`;
}
function spare(n) {
  return n >= 0 ? `${bytes(n)} to spare` : `OVER by ${bytes(-n)}`;
}
