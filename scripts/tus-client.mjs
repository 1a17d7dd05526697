// A small tus client for the benchmarks: raw HTTP (no client library in the measured path),
// creating an upload with the page's metadata and sending it in one PATCH, throttled or not.
import { randomBytes } from 'node:crypto';
import http from 'node:http';

export const UPLOAD_PATH = '/storage/v1/upload/resumable';
const CHUNK = randomBytes(1024 * 1024);

/** One HTTP request; `body` is the bytes to send, or a function given the request to write to. */
export function request(port, method, path, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    if (typeof body === 'function') body(req);
    else req.end(body);
  });
}

/** Writes `size` bytes to the request, `bytesPerSecond` at most (no limit when 0). */
export function pump(req, size, bytesPerSecond = 0) {
  let left = size;
  const started = Date.now();
  const step = () => {
    while (left > 0) {
      if (bytesPerSecond) {
        const allowed = ((Date.now() - started) / 1000) * bytesPerSecond - (size - left);
        if (allowed < 1) return void setTimeout(step, 50);
        const n = Math.min(left, Math.floor(allowed), CHUNK.length);
        left -= n;
        if (!req.write(CHUNK.subarray(0, n))) return void req.once('drain', step);
        continue;
      }
      const n = Math.min(left, CHUNK.length);
      left -= n;
      if (!req.write(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n))) return void req.once('drain', step);
    }
    req.end();
  };
  step();
}

/** Creates an upload of `size` bytes: its path, with the secret later requests must carry. */
export async function createUpload(port, size, apiKey, file = { name: 'art.psd', type: 'image/vnd.adobe.photoshop' }) {
  const meta = `filename ${Buffer.from(file.name).toString('base64')},filetype ${Buffer.from(file.type).toString('base64')}`;
  const res = await request(port, 'POST', UPLOAD_PATH, {
    apikey: apiKey,
    'tus-resumable': '1.0.0',
    'upload-length': String(size),
    'upload-metadata': meta,
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${res.text}`);
  const url = String(res.headers.location);
  return { url, path: new URL(url, 'http://x').pathname, secret: String(res.headers['upload-secret']) };
}

/** Sends every byte of the upload in one PATCH. */
export async function patchAll(port, { path, secret }, size, apiKey, bytesPerSecond = 0) {
  const res = await request(
    port,
    'PATCH',
    path,
    {
      apikey: apiKey,
      'tus-resumable': '1.0.0',
      'upload-secret': secret,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(size),
    },
    (req) => pump(req, size, bytesPerSecond),
  );
  if (res.status !== 204) throw new Error(`patch: ${res.status} ${res.text}`);
}
