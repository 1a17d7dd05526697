// Orders for the crash and fault harnesses: each with its own idempotency key and one or more
// files of random bytes (which no compression or cache can shortcut), sent as our form sends them.
import { randomBytes, randomUUID } from 'node:crypto';

/**
 * @param {number} n the order's number in the run (it names the customer and the files)
 * @param {{ who: string, files: number, minBytes: number, maxBytes: number }} shape
 */
export function makeHarnessOrder(n, { who, files: count, minBytes, maxBytes }) {
  const files = Array.from({ length: count }, (_, i) => ({
    name: `art-${n}-${i}.bin`,
    data: randomBytes(Math.floor(minBytes + Math.random() * (maxBytes - minBytes))),
  }));
  const order = {
    layouts: {
      1: {
        mockupOption: 'upload',
        garmentOption: 'pick',
        files: files.map((f) => ({ name: f.name, type: 'application/octet-stream', role: 'mockup' })),
        billing: {
          firstName: who,
          lastName: `Test ${n}`,
          address: '1 Main St',
          city: 'Halifax',
          province: 'NS',
          postalCode: 'B3H 1A1',
          phone: '902-555-0100',
          email: `${who.toLowerCase()}${n}@example.com`,
        },
      },
    },
    isResalePartner: false,
    includePolyBags: false,
  };
  return { key: randomUUID(), order, files };
}

/** The multipart body of an order: the `order` part, then one `files` part per file. */
export function formOf({ order, files }) {
  const form = new FormData();
  form.append('order', JSON.stringify(order));
  for (const f of files) form.append('files', new Blob([f.data], { type: 'application/octet-stream' }), f.name);
  return form;
}
