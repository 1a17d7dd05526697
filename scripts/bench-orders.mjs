// The order the ingest benchmarks send (bench/ingest.mjs, bench/s3.mjs, bench/json-memory.mjs):
// one layout with one Photoshop file, streamed as multipart or sent as the older JSON body,
// and the process figures they report.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';

export const BENCH_KEY = 'bench-public-key';

/** The order without its file; `files` names the one multipart file part. */
export const BENCH_ORDER = {
  layouts: {
    1: {
      mockupOption: 'upload',
      garmentOption: 'pick',
      files: [{ name: 'artwork.psd', type: 'image/vnd.adobe.photoshop', role: 'mockup' }],
      billing: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        address: '1 Engine Rd',
        city: 'Halifax',
        province: 'NS',
        postalCode: 'B3H 1A1',
        phone: '902-555-0100',
        email: 'ada@example.com',
      },
    },
  },
  isResalePartner: false,
  includePolyBags: false,
};

const CHUNK = randomBytes(1024 * 1024);

/** Streams one multipart order of `size` file bytes to the server on `port`; resolves with seconds taken. */
export function uploadMultipart(port, size) {
  const boundary = '----bench' + randomBytes(8).toString('hex');
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="order"\r\n\r\n${JSON.stringify(BENCH_ORDER)}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="artwork.psd"\r\nContent-Type: image/vnd.adobe.photoshop\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/functions/v1/submit-order',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + size + tail.length,
        apikey: BENCH_KEY,
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () =>
        res.statusCode === 201
          ? resolve(Number(process.hrtime.bigint() - started) / 1e9)
          : reject(new Error(`${res.statusCode} ${body}`)),
      );
    });
    req.on('error', reject);
    let left = size;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, CHUNK.length);
        left -= n;
        if (!req.write(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n))) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    req.write(head);
    pump();
  });
}

/** The older JSON body (docs/architecture.md): the order with its file as a base64 data URL, about `size` bytes in all. */
export function jsonOrderBody(size) {
  const data = Buffer.alloc(Math.floor(((size - 1000) * 3) / 4), 7).toString('base64');
  return Buffer.from(
    JSON.stringify({
      ...BENCH_ORDER,
      files: [
        {
          name: 'artwork.psd',
          type: 'image/vnd.adobe.photoshop',
          data: `data:image/vnd.adobe.photoshop;base64,${data}`,
        },
      ],
    }),
  );
}

/** A figure of /proc/<pid>/status in MB: VmHWM (peak resident memory) or VmRSS (resident now). */
export function procStatusMb(pid, field = 'VmHWM') {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Posts a JSON order body; resolves with the answer's status (or the socket error's code), text and seconds. */
export function postJson(port, body) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/functions/v1/submit-order',
      headers: { 'content-type': 'application/json', 'content-length': body.length, apikey: BENCH_KEY },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode, text, seconds: seconds() }));
    });
    req.on('error', (err) => resolve({ status: err.code, text: err.message, seconds: seconds() }));
    req.end(body);
  });
}
