// Sends an order to the submit-order function. XMLHttpRequest rather than fetch: it is the
// browser API that reports upload progress.
import type { SubmitOrderSuccess } from '../../../shared/order.js';

export interface SendOptions {
  url: string;
  apiKey: string;
  body: FormData;
  idempotencyKey: string;
  formToken?: string;
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

export class SubmitError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    /** The refused fields the server named, as dotted paths (see field-errors.ts); often none. */
    readonly fields: readonly string[] = [],
  ) {
    super(message);
  }
}

export function sendOrder(options: SendOptions): Promise<SubmitOrderSuccess> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', options.url);
    xhr.setRequestHeader('apikey', options.apiKey);
    xhr.setRequestHeader('authorization', `Bearer ${options.apiKey}`);
    xhr.setRequestHeader('idempotency-key', options.idempotencyKey);
    if (options.formToken) xhr.setRequestHeader('x-form-token', options.formToken);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded, e.total);
    };
    xhr.upload.onload = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.total, e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as {
        orderId?: string;
        reference?: string;
        formToken?: string;
        error?: { code?: string; message?: string; fields?: unknown };
      } | null;
      if (xhr.status === 201 && body?.orderId && body.reference) {
        resolve({ orderId: body.orderId, reference: body.reference, formToken: body.formToken });
      } else {
        const fields = body?.error?.fields;
        reject(
          new SubmitError(
            body?.error?.message ?? `HTTP ${xhr.status}`,
            xhr.status,
            body?.error?.code ?? 'http_error',
            Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : [],
          ),
        );
      }
    };
    xhr.onerror = () => reject(new SubmitError('The network failed while sending the order.', 0, 'network'));
    xhr.ontimeout = () => reject(new SubmitError('Sending the order timed out.', 0, 'timeout'));
    xhr.onabort = () => reject(new SubmitError('Sending the order was cancelled.', 0, 'aborted'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(options.body);
  });
}
