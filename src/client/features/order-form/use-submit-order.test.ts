import { describe, expect, it } from 'vitest';
import { apiErrorOf, noAnswer } from '../../shared/api-error.js';
import { failureReason } from './use-submit-order.js';

const refusal = (status: number, error: Record<string, unknown>) => apiErrorOf(status, { error }, null);

describe('failureReason: what the failure toast adds under the product’s sentence', () => {
  it('is the server’s sentence in both languages for a refusal the customer can act on', () => {
    expect(
      failureReason(
        refusal(400, {
          code: 'too_fast',
          message: 'This order was sent too quickly after the page opened. Please wait a moment and submit again.',
          message_fr: 'Cette commande a été envoyée trop vite après l’ouverture de la page.',
        }),
      ),
    ).toEqual({
      en: 'This order was sent too quickly after the page opened. Please wait a moment and submit again.',
      fr: 'Cette commande a été envoyée trop vite après l’ouverture de la page.',
    });
    expect(
      failureReason(refusal(429, { code: 'rate_limited', message: 'Too many orders. Try again in a minute.' })),
    ).toEqual({ en: 'Too many orders. Try again in a minute.', fr: undefined });
  });

  it('is nothing where the page already says it, or where the sentence would not help', () => {
    // Fields: the error summary names them.
    expect(
      failureReason(refusal(422, { code: 'invalid_order', message: 'See the fields.', fields: ['billing.email'] })),
    ).toBeUndefined();
    // The form's token: the toast says to reload.
    expect(
      failureReason(refusal(400, { code: 'form_token_expired', message: 'Opened too long ago.' })),
    ).toBeUndefined();
    // The server failing, an answer without a sentence, no answer at all.
    expect(failureReason(refusal(500, { code: 'internal', message: 'Something went wrong.' }))).toBeUndefined();
    expect(failureReason(apiErrorOf(413, null, null))).toBeUndefined();
    expect(failureReason(noAnswer('unreachable'))).toBeUndefined();
    expect(failureReason(new Error('boom'))).toBeUndefined();
  });
});
