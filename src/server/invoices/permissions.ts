// The money permissions as the server checks them: an Actor is the signed-in staff member with
// what the owner allows them (shared/invoices/permissions.ts); `may` refuses with a 403 that
// says who can.
import type { Kysely, Transaction } from 'kysely';
import {
  MONEY_PERMISSION_LABELS,
  moneyPermissionsSchema,
  NO_MONEY_PERMISSIONS,
  type MoneyPermission,
  type MoneyPermissions,
} from '../../shared/invoices/permissions.js';
import { AppError } from '../errors.js';
import type { Database } from '../storage/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface Actor {
  email: string;
  /** What this person may do beyond recording payments. */
  allowed: ReadonlySet<MoneyPermission>;
}

/** Someone who may do everything: the customer's own approval, an owner, the command line. */
export const fullyAllowed = (email: string): Actor => ({ email, allowed: new Set(['refund', 'credit', 'override']) });

const KEY = 'money_permissions';

export async function readPermissions(db: Db): Promise<MoneyPermissions> {
  const row = await db.selectFrom('shop_settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (!row) return NO_MONEY_PERMISSIONS;
  const parsed = moneyPermissionsSchema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : NO_MONEY_PERMISSIONS;
}

export async function savePermissions(db: Db, value: MoneyPermissions, by: string): Promise<void> {
  const now = new Date().toISOString();
  const text = JSON.stringify(value);
  await db
    .insertInto('shop_settings')
    .values({ key: KEY, value: text, updated_at: now, updated_by: by })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: now, updated_by: by }))
    .execute();
}

export async function actorOf(
  db: Db,
  staff: { staffId: string; email: string; role: 'owner' | 'staff' },
): Promise<Actor> {
  if (staff.role === 'owner') return fullyAllowed(staff.email);
  const permissions = await readPermissions(db);
  const allowed = new Set<MoneyPermission>();
  for (const what of ['refund', 'credit', 'override'] as const)
    if (permissions[what].includes(staff.staffId)) allowed.add(what);
  return { email: staff.email, allowed };
}

/** Refuses (403) what the actor is not allowed to do. */
export function may(actor: Actor, what: MoneyPermission): void {
  if (actor.allowed.has(what)) return;
  const label = MONEY_PERMISSION_LABELS[what];
  throw new AppError(
    403,
    'not_allowed',
    `You are not allowed to ${label.en}. An owner can allow it on the Accounts page.`,
    undefined,
    { messageFr: `Vous n’êtes pas autorisé à ${label.fr}. Un propriétaire peut l’autoriser à la page Comptes.` },
  );
}
