// The two emails of a new order: the shop's notification (the full order) and the customer's
// confirmation: the reference, the record of what they sent with what they typed guarded, the
// estimate they saw and the link to their order's page (shared/order-record.ts;
// docs/decisions/018-a-record-in-the-confirmation.md). Every piece of customer text goes through escapeHtml.
import { dateIn, dateInWords } from '../../shared/dates.js';
import {
  billingLines,
  deadlineText,
  formatBytes,
  labelled,
  optionLines,
  personName,
  shippingText,
  statusLabel,
} from '../../shared/order-presentation.js';
import { layoutSections } from '../../shared/layout-lines.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import type { SeenEstimate } from '../../shared/price-list-api.js';
import { formatCents } from '../../shared/money.js';
import { orderRecord, type RecordSection } from '../../shared/order-record.js';
import {
  DEFAULT_MAIL_WORDING,
  greetingFor,
  greetingOf,
  signatureOf,
  type MailWording,
} from '../../shared/mail-wording.js';

export interface ShopIdentity {
  name: string;
  contact: string;
  shopEmail: string;
  publicUrl: string;
  /** The greeting and signature the shop wrote (shared/mail-wording.ts); absent: the product's own. */
  wording?: MailWording;
  /** The logo in force by absolute address, shown atop the HTML part of customer mails. */
  logoUrl?: string;
}

/** The greeting of a customer mail in their language ("Hello Ada."), as the shop words it. */
export const greetingLine = (shop: ShopIdentity, fr: boolean, firstName: string) =>
  greetingFor(greetingOf(shop.wording ?? DEFAULT_MAIL_WORDING, fr), firstName);

/** What a customer mail carries of the shop's look: its signature and its logo. */
export const customerLook = (shop: ShopIdentity, fr: boolean): MailLook => ({
  signature: signatureOf(shop.wording ?? DEFAULT_MAIL_WORDING, fr),
  ...(shop.logoUrl ? { logo: { url: shop.logoUrl, alt: shop.name } } : {}),
});

/** The shop's signature (after the body, before the fixed footer) and logo (atop the HTML part). */
export interface MailLook {
  signature?: string[];
  logo?: { url: string; alt: string };
}

export interface ComposedMail {
  kind: 'shop' | 'customer' | 'customer_update';
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface OrderForMail {
  id: string;
  reference: string;
  createdAt: string;
  status: string;
  document: ValidOrderBody;
  attachments: { name: string; size: number }[];
  /** Whether the customer gets a confirmation, and why not (told to the shop). */
  confirmation: Confirmation;
  /** The estimate the customer saw on the form, when the shop shows one. */
  estimate?: SeenEstimate | null;
  /** The order page's link token minted for the confirmation (storage/order-links.ts), when one is sent. */
  linkToken?: string | null;
}

/** The customer's page of an order: /o/<token> on the shop's public address. */
export const orderPageUrl = (shop: ShopIdentity, token: string) => `${shop.publicUrl.replace(/\/$/, '')}/o/${token}`;

/** The record's sections as far as MAIL_LAYOUTS_BUDGET characters go; the rest is on the order's page. */
function recordWithin(sections: RecordSection[], fr: boolean): RecordSection[] {
  const kept: RecordSection[] = [];
  let used = 0;
  for (const s of sections) {
    const size = s.lines.reduce((n, line) => n + line.length + 1, s.heading.length);
    if (kept.length > 0 && used + size > MAIL_LAYOUTS_BUDGET) {
      const left = sections.length - kept.length;
      kept.push({
        heading: fr ? 'Et le reste' : 'And the rest',
        lines: [
          fr
            ? `${left} autres sections sont sur la page de votre commande.`
            : `${left} more sections are on your order’s page.`,
        ],
      });
      break;
    }
    kept.push(s);
    used += size;
  }
  return kept;
}

export type Confirmation = 'send' | 'no_form_token' | 'address_cap' | 'client_cap' | 'hourly_cap';

const WITHHELD: Record<Exclude<Confirmation, 'send'>, string> = {
  no_form_token:
    'No confirmation was sent to the customer: the order did not come from the order page. / Aucune confirmation n’a été envoyée au client\u00a0: la commande ne vient pas de la page de commande.',
  address_cap:
    'No confirmation was sent to the customer: their address already received the most confirmations allowed in 24 hours. / Aucune confirmation n’a été envoyée au client\u00a0: son adresse a déjà reçu le maximum de confirmations permis en 24 heures.',
  client_cap:
    'No confirmation was sent to the customer: the address the order was sent from already received the most confirmations allowed in an hour. / Aucune confirmation n’a été envoyée au client\u00a0: l’adresse d’où vient la commande a déjà reçu le maximum de confirmations permis en une heure.',
  hourly_cap:
    'No confirmation was sent to the customer: the hourly limit on customer emails was reached. / Aucune confirmation n’a été envoyée au client\u00a0: la limite horaire de courriels aux clients a été atteinte.',
};

/**
 * The first name as a greeting may show it: letters (any alphabet), spaces, hyphens and
 * apostrophes, at most 30 characters; anything else (a link, digits, punctuation) drops it.
 */
export function cleanFirstName(raw: string | undefined): string {
  const name = (raw ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();
  if (name.length === 0 || name.length > 30) return '';
  return /^\p{L}[\p{L}\p{M} '’-]*$/u.test(name) ? name : '';
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Header values must not carry line breaks (no header injection through a name). */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

export function render(
  title: string,
  intro: string[],
  sections: { heading: string; lines: string[] }[],
  footer: string[],
  look: MailLook = {},
) {
  const signature = look.signature ?? [];
  const text = [
    title,
    '',
    ...intro,
    '',
    ...sections.flatMap((s) => [s.heading, ...s.lines.map((l) => `  ${l}`), '']),
    ...(signature.length ? [...signature, ''] : []),
    ...footer,
  ].join('\n');
  const logo = look.logo
    ? `<p><img src="${escapeHtml(look.logo.url)}" alt="${escapeHtml(look.logo.alt)}" height="48" style="height:48px;max-width:240px"></p>\n`
    : '';
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">
${logo}<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${intro.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${sections.map((s) => `<h2 style="font-size:16px;margin-bottom:4px">${escapeHtml(s.heading)}</h2><ul>${s.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`).join('\n')}
${signature.length ? `<p>${signature.map(escapeHtml).join('<br>')}</p>\n` : ''}${footer.map((p) => `<p style="color:#4b5563;font-size:13px">${escapeHtml(p)}</p>`).join('\n')}
</body></html>`;
  return { text, html };
}

/** How much of a mail the order's layouts may take, in characters. */
export const MAIL_LAYOUTS_BUDGET = 64 * 1024;

/** The order's mails; `timeZone` is the shop's, whose calendar day the mails name (docs/accounts.md, "Dates"). */
export function composeOrderMails(order: OrderForMail, shop: ShopIdentity, timeZone: string): ComposedMail[] {
  const doc = order.document;
  const first = doc.layouts['1']!;
  const billing = first.billing!;
  const name = personName(billing);
  const company = billing.companyName ? ` (${billing.companyName})` : '';
  const link = `${shop.publicUrl.replace(/\/$/, '')}/inbox/orders/${order.id}`;
  const files = order.attachments.map((a) => `${a.name} (${formatBytes(a.size)})`);
  const day = dateIn(timeZone, new Date(order.createdAt));
  const shopName = shop.name.replace(/\.$/, '');
  const contact = shop.contact.replace(/\.$/, '');
  // The layouts as far as MAIL_LAYOUTS_BUDGET characters go; a very large order's others are
  // named and left to the inbox (megabytes of sizes in a mail took seconds to encode).
  const layouts = (language: 'en' | 'fr') => {
    const sections: { heading: string; lines: string[] }[] = [];
    let used = 0;
    const all = layoutSections(doc, language);
    for (const l of all) {
      const size = l.lines.reduce((n, line) => n + line.length + 1, l.title.length);
      if (sections.length > 0 && used + size > MAIL_LAYOUTS_BUDGET) {
        const left = all.slice(sections.length).map((x) => x.n);
        sections.push({
          heading: `Layouts ${left[0]} to ${left.at(-1)}`,
          lines: [`${left.length} more layouts are in the inbox: ${link}`],
        });
        break;
      }
      sections.push({ heading: l.title, lines: l.lines });
      used += size;
    }
    return sections;
  };

  const shopMail = render(
    `New order ${order.reference}`,
    [
      `${name}${company} placed an order on ${dateInWords(day, 'en')}.`,
      `Deadline: ${deadlineText(first.deadline)}`,
      `Open it in the inbox: ${link}`,
    ],
    [
      { heading: 'Customer', lines: billingLines(billing) },
      { heading: 'Shipping', lines: [shippingText(first.shipping)] },
      ...layouts('en'),
      { heading: 'Options', lines: optionLines(doc) },
      ...(order.estimate
        ? [
            {
              heading: 'Estimate the customer saw',
              lines: [
                `${formatCents(order.estimate.totalCents, 'en')} with taxes (prices v${order.estimate.priceListVersion})`,
                ...(order.estimate.onQuote.length > 0
                  ? [`Left for the quote: ${order.estimate.onQuote.map((q) => q.en).join('; ')}`]
                  : []),
              ],
            },
          ]
        : []),
      ...(first.jobNotes ? [{ heading: 'Job notes', lines: [first.jobNotes] }] : []),
      { heading: `Files (${files.length})`, lines: files.length ? files : ['None'] },
    ],
    [`Status: ${statusLabel(order.status)}`, ...(order.confirmation === 'send' ? [] : [WITHHELD[order.confirmation]])],
  );

  const fr = doc.language === 'fr';
  const firstName = cleanFirstName(billing.firstName);
  const hello = greetingLine(shop, fr, firstName);
  const customerSubject = fr
    ? `Nous avons reçu votre commande ${order.reference}`
    : `We received your order ${order.reference}`;
  // Nothing the submitter typed but a cleaned first name and the record's guarded values: this
  // mail goes to an address anyone can type (docs/decisions/018-a-record-in-the-confirmation.md).
  const record = recordWithin(orderRecord(doc, order.estimate, fr ? 'fr' : 'en'), fr);
  const page = order.linkToken ? orderPageUrl(shop, order.linkToken) : null;
  // Where a returning customer finds every order (docs/portal.md).
  const myOrders = `${shop.publicUrl.replace(/\/$/, '')}/my-orders`;
  const customerMail = fr
    ? render(
        customerSubject,
        [
          hello,
          `Merci. ${shop.name} a reçu votre commande le ${dateInWords(day, 'fr')}.`,
          `Le numéro de référence de votre commande est ${order.reference}. Veuillez l’indiquer lorsque vous communiquez avec nous.`,
          'Voici ce que nous avons reçu. Nous communiquerons avec vous si nous avons des questions, puis nous vous enverrons une soumission.',
          labelled('Échéance', deadlineText(first.deadline, 'fr'), 'fr'),
          ...(page ? ['Votre commande, et sa soumission quand elle sera prête, sur sa page\u00a0:', page] : []),
          `Toutes vos commandes, en tout temps, dans Mes commandes\u00a0: ${myOrders}`,
        ],
        record,
        [
          `${shopName}. Pour nous joindre\u00a0: ${contact}.`,
          ...(page
            ? ['Ce lien est personnel\u00a0: toute personne qui l’a peut voir votre commande. Ne le transférez pas.']
            : []),
          'Vous recevez ce courriel parce qu’une commande a été passée avec cette adresse sur notre formulaire de commande. Si ce n’est pas vous, écrivez-nous et ignorez ce message.',
        ],
        customerLook(shop, fr),
      )
    : render(
        customerSubject,
        [
          hello,
          `Thank you. ${shop.name} received your order on ${dateInWords(day, 'en')}.`,
          `Your order reference is ${order.reference}. Please quote it when you contact us.`,
          'Here is what we received. We will contact you if we have questions, then send you a quote.',
          labelled('Deadline', deadlineText(first.deadline, 'en'), 'en'),
          ...(page ? ['Your order, and its quote when it is ready, on its page:', page] : []),
          `All your orders, any time, in My orders: ${myOrders}`,
        ],
        record,
        [
          `${shopName}. Contact: ${contact}.`,
          ...(page ? ['This link is personal: anyone who has it can see your order. Do not forward it.'] : []),
          'You receive this email because an order was placed with this address on our order form. If it was not you, let us know and ignore this message.',
        ],
        customerLook(shop, fr),
      );

  return [
    {
      kind: 'shop',
      to: shop.shopEmail,
      subject: oneLine(
        `New order ${order.reference}: ${name}${company}${first.deadline?.hasCriticalDeadline ? ' [RUSH]' : ''}`,
      ),
      ...shopMail,
    },
    ...(order.confirmation === 'send'
      ? [{ kind: 'customer' as const, to: billing.email, subject: oneLine(customerSubject), ...customerMail }]
      : []),
  ];
}
