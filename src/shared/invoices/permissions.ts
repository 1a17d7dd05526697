// Who may do what with the money (docs/accounts.md, "Who may do what"): owners always; other
// staff record payments, and refund, credit or override the production gate only when an owner
// has allowed it on the Accounts page.
import { z } from 'zod';

export const MONEY_PERMISSIONS = ['refund', 'credit', 'override'] as const;
export type MoneyPermission = (typeof MONEY_PERMISSIONS)[number];

/** The staff ids allowed each action besides the owners; empty by default. */
export const moneyPermissionsSchema = z.object({
  refund: z.array(z.string().max(100)).max(500),
  credit: z.array(z.string().max(100)).max(500),
  override: z.array(z.string().max(100)).max(500),
});
export type MoneyPermissions = z.infer<typeof moneyPermissionsSchema>;

export const NO_MONEY_PERMISSIONS: MoneyPermissions = { refund: [], credit: [], override: [] };

export const MONEY_PERMISSION_LABELS: Readonly<Record<MoneyPermission, { en: string; fr: string }>> = {
  refund: { en: 'record refunds', fr: 'inscrire des remboursements' },
  credit: { en: 'issue credit notes', fr: 'émettre des notes de crédit' },
  override: {
    en: 'start or pass production without the deposit',
    fr: 'commencer ou poursuivre la production sans l’acompte',
  },
};
