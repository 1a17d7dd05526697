// Used form tokens: a token's id is written in the order's own transaction, so a second use,
// in this process or any other, finds it and is refused. Rows are kept until the token expires.
import type { Kysely, Transaction } from 'kysely';
import { DomainError } from '../errors.js';
import { isUniqueViolation } from '../storage/orders.js';
import type { Database } from '../storage/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export const formTokenUsedError = () =>
  new DomainError(
    'conflict',
    'form_token_used',
    'This form was already used to send an order. Please reload the page and submit again; your entries are kept.',
    undefined,
    {
      messageFr:
        'Ce formulaire a déjà servi à envoyer une commande. Veuillez recharger la page et envoyer de nouveau\u202f; vos entrées sont conservées.',
    },
  );

/** True when an order was already sent with this token. */
export async function isFormTokenUsed(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('used_form_tokens').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Marks a token used, in the caller's transaction; a token already used throws form_token_used. */
export async function markFormTokenUsed(trx: Db, id: string, expiresAt: Date): Promise<void> {
  try {
    await trx.insertInto('used_form_tokens').values({ id, expires_at: expiresAt.toISOString() }).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw formTokenUsedError();
    throw err;
  }
}

/** Forgets tokens that have expired anyway (an expired token is refused by its date). */
export async function forgetExpiredFormTokens(db: Db, now = new Date()): Promise<void> {
  await db.deleteFrom('used_form_tokens').where('expires_at', '<', now.toISOString()).execute();
}
