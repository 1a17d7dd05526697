// The customer's statement mailed on request (docs/accounts.md, "Statements"), in their language,
// with the statement attached by the mail worker from its stored copy.
import { formatCents } from '../../shared/money.js';
import type { Statement } from '../../shared/invoices/statement.js';
import type { ComposedMail, ShopIdentity } from '../mail/compose.js';
import { customerUpdate, type OrderForUpdate } from '../mail/customer-mail.js';

export function composeStatementMail(
  order: OrderForUpdate,
  statement: Statement,
  token: string,
  shop: ShopIdentity,
): ComposedMail {
  return customerUpdate(order, token, shop, ({ fr, hello }) => {
    const money = (cents: number) => formatCents(cents, fr ? 'fr' : 'en');
    const { from, to, closingCents } = statement;
    return {
      subject: fr ? `Votre relevé de compte du ${from} au ${to}` : `Your statement for ${from} to ${to}`,
      intro: fr
        ? [
            `${hello} Voici votre relevé de compte du ${from} au ${to}, en pièce jointe.`,
            closingCents < 0
              ? `Solde de clôture\u00a0: ${money(closingCents)} (un crédit que nous vous devons).`
              : `Solde de clôture\u00a0: ${money(closingCents)}.`,
            'Votre commande la plus récente, sur sa page\u00a0:',
          ]
        : [
            `${hello} Here is your statement for ${from} to ${to}, attached.`,
            closingCents < 0
              ? `Closing balance: ${money(closingCents)} (a credit we owe you).`
              : `Closing balance: ${money(closingCents)}.`,
            'Your latest order, on its page:',
          ],
    };
  });
}
