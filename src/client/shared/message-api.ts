// The calls of a thread of messages on an order, the same under each of its three keys: the
// order's link (/api/o/<token>), the customer's session (/api/portal/orders/<id>) and the staff
// session (/api/orders/<id>). A message with a file goes as multipart/form-data (`body`, then
// `file`); without one, as JSON.
import type { OrderMessage } from '../../shared/portal-api.js';
import { isRecord } from './api-error.js';
import { callApi, expectAnswer } from './call-api.js';

const isMessage = (b: unknown): b is OrderMessage =>
  isRecord(b) &&
  typeof b.id === 'string' &&
  typeof b.body === 'string' &&
  typeof b.createdAt === 'string' &&
  Array.isArray(b.files);
const isThread = (b: unknown): b is { messages: OrderMessage[] } =>
  isRecord(b) && Array.isArray(b.messages) && b.messages.every(isMessage);

export interface ThreadApi {
  /** The thread, oldest first; opening it marks the other side's messages read. */
  list: () => Promise<OrderMessage[]>;
  send: (body: string, file: File | null) => Promise<OrderMessage>;
  /** A file's address: its bytes as a download, or (`preview`) the server's WebP picture of it. */
  fileUrl: (fileId: string, preview?: boolean) => string;
}

/**
 * The thread under `base`: "/api/o/<token>", "/api/portal/orders/<id>" or "/api/orders/<id>".
 * `call` is the caller's own (the inbox's signs out on a 401, as its other calls do).
 */
export function messageThreadApi(
  base: string,
  call: (path: string, init?: RequestInit) => Promise<unknown> = callApi,
): ThreadApi {
  return {
    list: () => call(`${base}/messages`).then((b) => expectAnswer(b, isThread, 'messages').messages),
    send: (body, file) => {
      let payload: string | FormData = JSON.stringify({ body });
      if (file) {
        payload = new FormData();
        payload.append('body', body);
        payload.append('file', file, file.name);
      }
      return call(`${base}/messages`, { method: 'POST', body: payload }).then((b) =>
        expectAnswer(b, isMessage, 'message'),
      );
    },
    fileUrl: (fileId, preview = false) => `${base}/message-files/${fileId}${preview ? '?preview=1' : ''}`,
  };
}
