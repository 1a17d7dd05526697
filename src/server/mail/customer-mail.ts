// What every email to a customer about their order shares: who it goes to and in which
// language, the link to their order's page, and the footer that says the link is personal.
import type { ValidOrderBody } from '../../shared/order-schema.js';
import { cleanFirstName, type ShopIdentity } from './compose.js';

export interface OrderForUpdate {
  id: string;
  reference: string;
  document: ValidOrderBody;
}

export const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

export const orderLink = (shop: ShopIdentity, token: string) => `${shop.publicUrl.replace(/\/$/, '')}/o/${token}`;

export function customerOf(order: OrderForUpdate) {
  const billing = order.document.layouts['1']?.billing;
  const firstName = cleanFirstName(billing?.firstName);
  return { to: billing?.email ?? '', fr: order.document.language === 'fr', firstName };
}

export function footer(shop: ShopIdentity, fr: boolean): string[] {
  const shopName = shop.name.replace(/\.$/, '');
  const contact = shop.contact.replace(/\.$/, '');
  return fr
    ? [
        `${shopName}. Pour nous joindre : ${contact}.`,
        'Ce lien est personnel : toute personne qui l’a peut voir et approuver votre commande. Ne le transférez pas.',
      ]
    : [
        `${shopName}. Contact: ${contact}.`,
        'This link is personal: anyone who has it can see and approve your order. Do not forward it.',
      ];
}

/** How to pay, one section per way with each instruction on its own line (never run together). */
export function paySections(ways: readonly { label: string; instructions: string[] }[], fr: boolean) {
  return ways.map((w) => ({ heading: fr ? `Payer\u00a0: ${w.label}` : `Pay by ${w.label}`, lines: w.instructions }));
}
