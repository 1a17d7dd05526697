// The email each message sends to the other side (docs/portal.md): a link to where the thread is
// read and answered (the inbox's order; the order's page, or My orders), never the text itself
// and never an address to reply to, so a thread stays in one place and a mailbox holds no copy.
import { customerLook, greetingLine, render, type ComposedMail, type ShopIdentity } from '../mail/compose.js';
import { customerOf, oneLine } from '../mail/customer-mail.js';
import { deName } from '../../shared/french.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';

const base = (shop: ShopIdentity) => shop.publicUrl.replace(/\/$/, '');

/** To the shop: the customer wrote on an order. */
export function messageToShop(order: { id: string; reference: string }, shop: ShopIdentity): ComposedMail {
  const subject = `New message from the customer on order ${order.reference} / Nouveau message du client sur la commande ${order.reference}`;
  const link = `${base(shop)}/inbox/orders/${order.id}`;
  return {
    kind: 'shop',
    to: shop.shopEmail,
    subject,
    ...render(
      subject,
      [
        'The customer wrote a message on this order. Read it and answer in the inbox:',
        'Le client a écrit un message sur cette commande. Lisez-le et répondez dans la boîte de réception\u00a0:',
        link,
      ],
      [],
      [],
    ),
  };
}

/** To the customer: the shop answered on their order; they read it on the order's page (its link, minted for this mail) or in My orders. */
export function messageToCustomer(
  order: { reference: string; document: ValidOrderBody },
  linkToken: string,
  shop: ShopIdentity,
): ComposedMail {
  const { to, fr, firstName } = customerOf({ id: '', ...order });
  const hello = greetingLine(shop, fr, firstName);
  const shopName = shop.name.replace(/\.$/, '');
  const subject = fr
    ? `Un message ${deName(shopName)} au sujet de la commande ${order.reference}`
    : `A message from ${shopName} about order ${order.reference}`;
  const page = `${base(shop)}/o/${linkToken}`;
  const intro = fr
    ? [
        hello,
        `${shopName} vous a écrit au sujet de votre commande ${order.reference}. Lisez le message et répondez sur la page de la commande\u00a0:`,
        page,
        `Ou dans Mes commandes\u00a0: ${base(shop)}/my-orders`,
      ]
    : [
        hello,
        `${shopName} wrote to you about your order ${order.reference}. Read the message and answer on the order’s page:`,
        page,
        `Or in My orders: ${base(shop)}/my-orders`,
      ];
  const footer = fr
    ? ['Ne répondez pas à ce courriel\u00a0: répondez sur la page de la commande.']
    : ['Do not reply to this email: answer on the order’s page.'];
  return {
    kind: 'customer_update',
    to,
    subject: oneLine(subject),
    ...render(subject, intro, [], footer, customerLook(shop, fr)),
  };
}
