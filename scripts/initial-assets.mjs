// What the order page downloads before it can run, so before the customer's first interaction
// (docs/architecture.md, Budgets): the entry script and the stylesheets the built index.html
// names, the chunks it preloads, and every chunk those scripts import statically (a chunk the
// HTML forgot to preload is still counted). Sizes are bytes, gzip at level 9 as served
// (scripts/precompress.mjs) and brotli.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// `import{t as e}from"./x.js"` or `import"./x.js"` in a built chunk; never `import("./x.js")`.
const STATIC_IMPORT = /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']\.\/([\w.-]+\.js)["']/g;

export function measureInitialAssets(clientDir) {
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const files = [...new Set(refs)];
  for (let i = 0; i < files.length; i++) {
    if (!files[i].endsWith('.js')) continue;
    const code = fs.readFileSync(path.join(clientDir, files[i]), 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) {
      const file = path.posix.join(path.posix.dirname(files[i]), m[1]);
      if (!files.includes(file)) files.push(file);
    }
  }
  const assets = files.map((file) => {
    const data = fs.readFileSync(path.join(clientDir, file));
    return {
      file,
      kind: file.endsWith('.js') ? 'js' : 'css',
      raw: data.length,
      gzip: zlib.gzipSync(data, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(data).length,
    };
  });
  const sum = (kind, key) => assets.filter((a) => a.kind === kind).reduce((n, a) => n + a[key], 0);
  return {
    assets,
    totals: { jsGzip: sum('js', 'gzip'), jsBrotli: sum('js', 'brotli'), cssGzip: sum('css', 'gzip') },
  };
}
