// The order page's initial JavaScript and CSS, per chunk, gzip and brotli.
// Usage: npm run build && node bench/bundle-size.mjs
import { measureInitialAssets } from '../scripts/initial-assets.mjs';

const { assets, totals } = measureInitialAssets('dist/client');
console.table(
  assets.map((a) => ({ file: a.file, kind: a.kind, raw: kb(a.raw), gzip: kb(a.gzip), brotli: kb(a.brotli) })),
);
console.log(
  `Initial JavaScript: ${kb(totals.jsGzip)} gzip, ${kb(totals.jsBrotli)} brotli (budget 90 KB gzip; React 19 alone is about 68 KB).`,
);
console.log(`Initial CSS: ${kb(totals.cssGzip)} gzip.`);
function kb(n) {
  return `${(n / 1024).toFixed(1)} KB`;
}
