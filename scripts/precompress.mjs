// After `vite build`: a .br and a .gz beside each hashed asset, so the server sends the
// smallest one the browser accepts (@fastify/static preCompressed) without compressing per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist/client');
let count = 0;
for (const file of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
  const full = path.join(file.parentPath ?? file.path, file.name);
  // index.html is not served as a file: the server writes its settings into it per request.
  if (!file.isFile() || !/\.(js|css|svg)$/.test(file.name)) continue;
  const data = fs.readFileSync(full);
  fs.writeFileSync(
    `${full}.br`,
    zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), dir)}`);
