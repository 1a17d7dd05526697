// A client that closes its connection before its body has arrived. A multipart reader attaches
// its listeners when it starts: if the request was cut while the handler awaited something
// first (an idempotency claim, the upload budget), the 'close' and 'error' events have already
// been emitted, the reader waits forever, and so does the claim on the idempotency key. Check
// right before reading: nothing can happen between this check and the reader's listeners.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** The connection closed (or was cut) before the whole body arrived. */
export function clientWentAway(request: FastifyRequest): boolean {
  return request.raw.destroyed && !request.raw.readableEnded;
}

/** Throws when the body can no longer arrive; call it right before the body is read. */
export function assertBodyCanArrive(request: FastifyRequest): void {
  if (clientWentAway(request)) {
    throw new AppError(
      400,
      'request_aborted',
      'The connection closed before the whole request arrived. Nothing was saved; please send it again.',
      undefined,
      {
        messageFr:
          'La connexion s’est fermée avant que la requête n’arrive en entier. Rien n’a été enregistré\u202f; veuillez l’envoyer de nouveau.',
      },
    );
  }
}
