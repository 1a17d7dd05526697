// The emails of the quote and approval loop: to the customer when a quote is sent and when the
// order is ready (each with a link to their order's page, in their language), and to the shop
// when the customer approves or asks for changes. Customer text goes through escapeHtml (render).
import { formatCents } from '../../shared/quote.js';
import { personName } from '../../shared/order-presentation.js';
import { render, type ComposedMail, type ShopIdentity } from '../mail/compose.js';
import { customerUpdate, oneLine, paySections, type OrderForUpdate } from '../mail/customer-mail.js';
import type { HowToPay } from '../../shared/invoices/invoice-api.js';

/** To the customer: a quote version is waiting for them, with its total and the link. */
export function composeQuoteSentMail(
  order: OrderForUpdate,
  quote: { version: number; totalCents: number },
  token: string,
  shop: ShopIdentity,
): ComposedMail {
  return customerUpdate(order, token, shop, ({ fr, hello }) => {
    const total = formatCents(quote.totalCents, fr ? 'fr' : 'en');
    return fr
      ? {
          subject: `Votre soumission pour la commande ${order.reference}`,
          intro: [
            `${hello} ${shop.name} a préparé la soumission v${quote.version} de votre commande ${order.reference}\u00a0: total ${total}, taxes comprises.`,
            'Consultez les épreuves et la soumission, puis approuvez-les ou demandez des modifications, sur la page de votre commande\u00a0:',
          ],
        }
      : {
          subject: `Your quote for order ${order.reference}`,
          intro: [
            `${hello} ${shop.name} has prepared quote v${quote.version} for your order ${order.reference}: ${total} in total, taxes included.`,
            "Review the proofs and the quote, then approve them or ask for changes, on your order's page:",
          ],
        };
  });
}

/** To the customer: the order is ready, for pickup or to be shipped. */
export function composeReadyMail(
  order: OrderForUpdate,
  fulfilment: 'pickup' | 'shipping',
  token: string,
  shop: ShopIdentity,
  /** What the account asks now (shared/invoices/account.ts, accountHeadline) and how to pay it. */
  payment: { headline: string; howToPay: readonly HowToPay[] } | null = null,
): ComposedMail {
  const owed = payment ? [`${payment.headline}.`] : [];
  return customerUpdate(order, token, shop, ({ fr, hello }) => {
    const sections = payment ? paySections(payment.howToPay, fr) : [];
    const how = fr
      ? fulfilment === 'pickup'
        ? 'Elle vous attend à la boutique pour la cueillette.'
        : 'Elle sera expédiée à l’adresse que vous avez donnée.'
      : fulfilment === 'pickup'
        ? 'It is waiting for you at the shop for pickup.'
        : 'It will be shipped to the address you gave.';
    return fr
      ? {
          subject: `Votre commande ${order.reference} est prête`,
          intro: [
            `${hello} Votre commande ${order.reference} est prête. ${how}`,
            ...owed,
            'Suivez votre commande sur sa page\u00a0:',
          ],
          sections,
        }
      : {
          subject: `Your order ${order.reference} is ready`,
          intro: [`${hello} Your order ${order.reference} is ready. ${how}`, ...owed, 'Follow your order on its page:'],
          sections,
        };
  });
}

/** To the shop: the customer approved a version, or asked for changes. */
export function composeAnswerMail(
  order: OrderForUpdate,
  answer:
    | { kind: 'approved'; version: number; fullName: string; totalCents: number; at: string }
    | { kind: 'changes_requested'; version: number; comment: string; at: string },
  shop: ShopIdentity,
): ComposedMail {
  const billing = order.document.layouts['1']?.billing;
  const name = billing ? personName(billing) : '';
  const inbox = `${shop.publicUrl.replace(/\/$/, '')}/inbox/orders/${order.id}`;
  const { subject, news, sections } =
    answer.kind === 'approved'
      ? {
          subject: `Quote v${answer.version} approved for order ${order.reference}: ${name}`,
          news: `${answer.fullName} approved the proofs and quote v${answer.version} (${formatCents(answer.totalCents, 'en')}) on ${answer.at}. The order is now Approved.`,
          sections: [],
        }
      : {
          subject: `Changes requested for order ${order.reference}: ${name}`,
          news: `The customer asked for changes to quote v${answer.version} on ${answer.at}. The order is back to New.`,
          sections: [{ heading: 'Their comment', lines: [answer.comment] }],
        };
  return {
    kind: 'shop',
    to: shop.shopEmail,
    subject: oneLine(subject),
    ...render(subject, [news, `Open it in the inbox: ${inbox}`], sections, []),
  };
}
