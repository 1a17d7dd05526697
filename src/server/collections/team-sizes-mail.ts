// The mails of a team's entries closing on an order (docs/collections.md, "Settling"): the shop
// is told its order changed (or that entries closed after its quote); the customer is told when
// the closing date did it, since they were not there to see it. Neither carries a member's name
// or the title the organiser typed: the garment, the sizes read from the entries, and a link.
import { customerLook, greetingLine, render, type ComposedMail, type ShopIdentity } from '../mail/compose.js';
import { customerOf } from '../mail/customer-mail.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import { englishCount } from '../../shared/plurals.js';
import { frenchCount } from '../../shared/french.js';

export interface ClosedEntries {
  order: { id: string; reference: string; document: ValidOrderBody };
  /** The garment the entries fill, as the order names it ("Gildan 5000 T-shirt, Black"). */
  garment: string;
  entries: number;
  sizes: string;
  applied: boolean;
}

const base = (shop: ShopIdentity) => shop.publicUrl.replace(/\/$/, '');

export function closedEntriesToShop(c: ClosedEntries, shop: ShopIdentity): ComposedMail {
  const { reference, id } = c.order;
  const subject = c.applied
    ? `Order ${reference}: sizes updated from the team’s entries / Commande ${reference}\u00a0: tailles mises à jour par l’équipe`
    : `Order ${reference}: team entries closed after the quote / Commande ${reference}\u00a0: inscriptions closes après la soumission`;
  const en = c.applied
    ? `The team’s entries for ${c.garment} closed: the order now has the sizes of ${englishCount(c.entries, 'entry', 'entries')} (${c.sizes}) and their names, and its estimate was made again.`
    : `The team’s entries for ${c.garment} closed after the quote was sent: the order was not changed. The entries say ${c.sizes} (${englishCount(c.entries, 'entry', 'entries')}).`;
  const fr = c.applied
    ? `Les inscriptions de l’équipe pour ${c.garment} sont closes\u00a0: la commande a maintenant les tailles de ${frenchCount(c.entries, 'inscription', 'inscriptions')} (${c.sizes}) et leurs noms, et son estimation a été refaite.`
    : `Les inscriptions de l’équipe pour ${c.garment} sont closes après l’envoi de la soumission\u00a0: la commande n’a pas changé. Les inscriptions donnent ${c.sizes} (${frenchCount(c.entries, 'inscription', 'inscriptions')}).`;
  return {
    kind: 'shop',
    to: shop.shopEmail,
    subject,
    ...render(subject, [en, fr, `${base(shop)}/inbox/orders/${id}`], [], []),
  };
}

/** To the customer, when the closing date (not they) closed the entries. */
export function closedEntriesToCustomer(c: ClosedEntries, shop: ShopIdentity): ComposedMail {
  const { to, fr, firstName } = customerOf(c.order);
  const hello = greetingLine(shop, fr, firstName);
  const myOrders = `${base(shop)}/my-orders`;
  const subject = fr
    ? `Commande ${c.order.reference}\u00a0: les inscriptions de l’équipe sont closes`
    : `Order ${c.order.reference}: your team’s entries have closed`;
  const intro = fr
    ? [
        hello,
        c.applied
          ? `Les inscriptions de votre équipe pour ${c.garment} sont closes à la date prévue. Votre commande a maintenant les tailles de ${frenchCount(c.entries, 'inscription', 'inscriptions')}\u00a0: ${c.sizes}. La boutique vous enverra sa soumission.`
          : `Les inscriptions de votre équipe pour ${c.garment} sont closes à la date prévue, après l’envoi de la soumission\u00a0: votre commande n’a pas changé. Si les tailles doivent changer, écrivez à la boutique dans Mes commandes.`,
        myOrders,
      ]
    : [
        hello,
        c.applied
          ? `Your team’s entries for ${c.garment} closed on their closing date. Your order now has the sizes of ${englishCount(c.entries, 'entry', 'entries')}: ${c.sizes}. The shop will send you its quote.`
          : `Your team’s entries for ${c.garment} closed on their closing date, after the shop sent its quote, so your order was not changed. If the sizes should change, write to the shop in My orders.`,
        myOrders,
      ];
  return {
    kind: 'customer_update',
    to,
    subject,
    ...render(subject, intro, [], [], customerLook(shop, fr)),
  };
}
