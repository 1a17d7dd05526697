// The two emails of a new order: the shop's notification and the customer's confirmation.
// Every piece of customer text goes through escapeHtml in the HTML part.
import { statusLabel, STANDARD_TURNAROUND_DAYS, VIEWS } from '../../shared/constants.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';

export interface ShopIdentity {
  name: string;
  contact: string;
  shopEmail: string;
  publicUrl: string;
}

export interface ComposedMail {
  kind: 'shop' | 'customer';
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
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Header values must not carry line breaks (no header injection through a name). */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

const LINES = {
  en: {
    mockups: 'Mockups',
    uploaded: 'Uploaded mockups and artwork',
    studio: 'Building their own in the Design Studio',
    notChosen: 'Not chosen',
    poGarments: 'Garments: information provided in a PO',
    garment: 'Garment',
    variation: (n: number) => `Variation #${n}`,
    supplies: (po: string) => `customer supplies the goods${po ? `, item PO ${po}` : ''}`,
    noDetails: 'no details',
    views: { Front: 'Front', Back: 'Back', 'Left Sleeve': 'Left Sleeve', 'Right Sleeve': 'Right Sleeve' },
  },
  fr: {
    mockups: 'Maquettes',
    uploaded: 'Maquettes et illustrations téléversées',
    studio: 'Création dans le studio de design',
    notChosen: 'Non choisi',
    poGarments: 'Vêtements : information fournie dans un bon de commande',
    garment: 'Vêtement',
    variation: (n: number) => `Variante no ${n}`,
    supplies: (po: string) => `vêtements fournis par le client${po ? `, bon de commande ${po}` : ''}`,
    noDetails: 'aucun détail',
    views: { Front: 'Devant', Back: 'Dos', 'Left Sleeve': 'Manche gauche', 'Right Sleeve': 'Manche droite' },
  },
} as const;

function describe(order: OrderForMail, language: 'en' | 'fr' = 'en') {
  const L = LINES[language];
  const doc = order.document;
  const first = doc.layouts['1']!;
  const billing = first.billing!;
  const shipping = first.shipping;
  const deadline = first.deadline?.hasCriticalDeadline
    ? `Critical deadline: ${first.deadline.date || 'date not given'}`
    : `Standard ${STANDARD_TURNAROUND_DAYS}-day turnaround`;
  const shipTo = !shipping || shipping.sameAsBilling
    ? shipping?.localPickup ? 'Local pickup' : 'Same as billing address'
    : shipping.localPickup
      ? 'Local pickup'
      : [`${shipping.firstName} ${shipping.lastName}`.trim(), shipping.companyName, shipping.address, `${shipping.city} ${shipping.province} ${shipping.postalCode}`.trim(), shipping.phone]
          .filter(Boolean)
          .join(', ');
  const layouts = Object.keys(doc.layouts)
    .map(Number)
    .sort((a, b) => a - b)
    .map((n) => {
      const l = doc.layouts[String(n)]!;
      const lines: string[] = [];
      lines.push(`${L.mockups}${language === 'fr' ? ' :' : ':'} ${l.mockupOption === 'upload' ? L.uploaded : l.mockupOption === 'create' ? L.studio : L.notChosen}`);
      for (const view of VIEWS) {
        const v = l.viewData[view];
        if (v && (v.image || v.dimensions || v.decoration)) lines.push(`${L.views[view]}${language === 'fr' ? ' :' : ':'} ${[v.image, v.dimensions, v.decoration].filter(Boolean).join(', ')}`);
      }
      if (l.garmentOption === 'po') lines.push(L.poGarments);
      if (l.garmentOption === 'pick') {
        l.variations.forEach((v, i) => {
          const supplied = v.supplyingGoods === 'yes' ? L.supplies(v.itemPO ?? '') : '';
          lines.push(`${i === 0 ? L.garment : L.variation(i + 1)}${language === 'fr' ? ' :' : ':'} ${[v.type, v.color, v.sizes, supplied].filter(Boolean).join(', ') || L.noDetails}`);
        });
      }
      return { title: `Design Layout ${n}`, lines };
    });
  return { billing, deadline, shipTo, layouts, notes: first.jobNotes ?? '' };
}

const first = (order: OrderForMail) => order.document.layouts['1']!;

function formatSize(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

function render(title: string, intro: string[], sections: { heading: string; lines: string[] }[], footer: string[]) {
  const text = [title, '', ...intro, '', ...sections.flatMap((s) => [s.heading, ...s.lines.map((l) => `  ${l}`), '']), ...footer].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${intro.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${sections.map((s) => `<h2 style="font-size:16px;margin-bottom:4px">${escapeHtml(s.heading)}</h2><ul>${s.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`).join('\n')}
${footer.map((p) => `<p style="color:#4b5563;font-size:13px">${escapeHtml(p)}</p>`).join('\n')}
</body></html>`;
  return { text, html };
}

export function composeOrderMails(order: OrderForMail, shop: ShopIdentity): ComposedMail[] {
  const d = describe(order);
  const name = `${d.billing.firstName} ${d.billing.lastName}`.trim();
  const link = `${shop.publicUrl.replace(/\/$/, '')}/inbox/orders/${order.id}`;
  const files = order.attachments.map((a) => `${a.name} (${formatSize(a.size)})`);
  const options = [`Resale partner: ${yesNo(order.document.isResalePartner)}`, `Biodegradable poly bags: ${yesNo(order.document.includePolyBags)}`];
  const layoutSections = d.layouts.map((l) => ({ heading: l.title, lines: l.lines }));

  const shopMail = render(
    `New order ${order.reference}`,
    [`${name}${d.billing.companyName ? ` (${d.billing.companyName})` : ''} placed an order on ${order.createdAt.slice(0, 10)}.`, `Deadline: ${d.deadline}`, `Open it in the inbox: ${link}`],
    [
      {
        heading: 'Customer',
        lines: [name, d.billing.companyName, d.billing.email, d.billing.phone, `${d.billing.address}, ${d.billing.city} ${d.billing.province} ${d.billing.postalCode}`].filter(Boolean),
      },
      { heading: 'Shipping', lines: [d.shipTo] },
      ...layoutSections,
      { heading: 'Options', lines: options },
      ...(d.notes ? [{ heading: 'Job notes', lines: [d.notes] }] : []),
      { heading: `Files (${files.length})`, lines: files.length ? files : ['None'] },
    ],
    [`Status: ${statusLabel(order.status)}`],
  );

  const fr = order.document.language === 'fr';
  const customerDeadline = first(order).deadline?.hasCriticalDeadline
    ? fr
      ? `Échéance critique : ${first(order).deadline!.date || 'date non précisée'}`
      : d.deadline
    : fr
      ? `Délai standard de ${STANDARD_TURNAROUND_DAYS} jours`
      : d.deadline;
  const customerMail = fr
    ? render(
        `Nous avons reçu votre commande ${order.reference}`,
        [
          `Merci${d.billing.firstName ? `, ${d.billing.firstName}` : ''}. ${shop.name} a reçu votre commande le ${order.createdAt.slice(0, 10)}.`,
          `Le numéro de référence de votre commande est ${order.reference}. Veuillez l’indiquer lorsque vous communiquez avec nous.`,
          `Échéance : ${customerDeadline}`,
        ],
        [
          ...describe(order, 'fr').layouts.map((l, i) => ({ heading: `Disposition graphique ${i + 1}`, lines: l.lines })),
          { heading: 'Options', lines: [`Partenaire revendeur : ${order.document.isResalePartner ? 'Oui' : 'Non'}`, `Sacs biodégradables : ${order.document.includePolyBags ? 'Oui' : 'Non'}`] },
          { heading: `Fichiers reçus (${files.length})`, lines: files.length ? files : ['Aucun'] },
        ],
        [`${shop.name.replace(/\.$/, '')}. Pour nous joindre : ${shop.contact.replace(/\.$/, '')}.`, 'Vous recevez ce courriel parce qu’une commande a été passée avec cette adresse sur notre formulaire de commande.'],
      )
    : render(
        `We received your order ${order.reference}`,
        [
          `Thank you${d.billing.firstName ? `, ${d.billing.firstName}` : ''}. ${shop.name} received your order on ${order.createdAt.slice(0, 10)}.`,
          `Your order reference is ${order.reference}. Please quote it when you contact us.`,
          `Deadline: ${d.deadline}`,
        ],
        [...layoutSections, { heading: 'Options', lines: options }, { heading: `Files received (${files.length})`, lines: files.length ? files : ['None'] }],
        [`${shop.name.replace(/\.$/, '')}. Contact: ${shop.contact.replace(/\.$/, '')}.`, 'You receive this email because an order was placed with this address on our order form.'],
      );

  return [
    { kind: 'shop', to: shop.shopEmail, subject: oneLine(`New order ${order.reference}: ${name}${d.billing.companyName ? ` (${d.billing.companyName})` : ''}${order.document.layouts['1']?.deadline?.hasCriticalDeadline ? ' [RUSH]' : ''}`), ...shopMail },
    { kind: 'customer', to: d.billing.email, subject: oneLine(fr ? `Nous avons reçu votre commande ${order.reference}` : `We received your order ${order.reference}`), ...customerMail },
  ];
}
