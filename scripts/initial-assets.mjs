// What the order page downloads before it can run: the entry script, the chunks it
// preloads, and the stylesheets named in the built index.html.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export function measureInitialAssets(clientDir) {
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const assets = [...new Set(refs)].map((file) => {
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
