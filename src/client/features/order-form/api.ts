// Every call the order form makes to the server: the order itself, to the submit-order
// function (docs/architecture.md, Contracts). The files' background uploads go through
// tus-js-client (background-uploads.ts), and the page's settings come with the page.
// XMLHttpRequest rather than fetch: it is the browser API that reports upload progress.
import type { SubmitOrderSuccess } from '../../../shared/order.js';
import { apiErrorOf, isRecord, noAnswer } from '../../shared/api-error.js';

interface SendOptions {
  url: string;
  apiKey: string;
  body: FormData;
  idempotencyKey: string;
  formToken?: string;
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
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
      const body: unknown = xhr.response;
      if (xhr.status === 201 && isSuccess(body)) {
        resolve({ orderId: body.orderId, reference: body.reference, formToken: body.formToken });
      } else {
        reject(apiErrorOf(xhr.status, body, xhr.getResponseHeader('retry-after')));
      }
    };
    xhr.onerror = () => reject(noAnswer('unreachable'));
    xhr.ontimeout = () => reject(noAnswer('timeout'));
    xhr.onabort = () => reject(noAnswer('aborted'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(options.body);
  });
}

function isSuccess(body: unknown): body is SubmitOrderSuccess {
  return (
    isRecord(body) &&
    typeof body.orderId === 'string' &&
    body.orderId !== '' &&
    typeof body.reference === 'string' &&
    body.reference !== '' &&
    (body.formToken === undefined || typeof body.formToken === 'string')
  );
}
