// The customer's emails about money, in their language, each with its PDF attached by the mail
// worker from the stored document: the invoice (deposit due), a credit note, a payment's
// receipt, and the reminder of an unpaid deposit. Text goes through render's escaping.
import { formatCents } from '../../shared/money.js';
import { accountHeadline, type Account } from '../../shared/invoices/account.js';
import type { HowToPay, InvoiceDocument, ReceiptDocument } from '../../shared/invoices/invoice-api.js';
import { PAYMENT_METHODS } from '../../shared/invoices/payment-methods.js';
import { render, type ComposedMail, type ShopIdentity } from '../mail/compose.js';
import { customerOf, footer, oneLine, orderLink, paySections, type OrderForUpdate } from '../mail/customer-mail.js';

const hello = (fr: boolean, firstName: string) =>
  fr ? `Bonjour${firstName ? ` ${firstName}` : ''}.` : `Hello${firstName ? ` ${firstName}` : ''}.`;

/** To the customer on approval: the invoice attached, the deposit due now and how to pay it. */
export function composeInvoiceMail(
  order: OrderForUpdate,
  invoice: InvoiceDocument,
  creditNotes: readonly string[],
  account: Account,
  ways: readonly HowToPay[],
  token: string,
  shop: ShopIdentity,
): ComposedMail {
  const { to, fr, firstName } = customerOf(order);
  const lang = fr ? 'fr' : 'en';
  const money = (cents: number) => formatCents(cents, lang);
  const due = account.dueNowCents;
  const subject = fr
    ? `Facture ${invoice.number} de la commande ${order.reference}${due > 0 ? ` : acompte dû ${money(due)}` : ''}`
    : `Invoice ${invoice.number} for order ${order.reference}${due > 0 ? `: deposit due ${money(due)}` : ''}`;
  const intro = fr
    ? [
        `${hello(true, firstName)} Merci d’avoir approuvé la soumission v${invoice.quoteVersion}. Voici la facture ${invoice.number} (${money(invoice.totalCents)}, taxes comprises), en pièce jointe.`,
        ...(creditNotes.length > 0
          ? [`Elle remplace votre facture précédente, créditée par ${creditNotes.join(', ')} (jointe aussi).`]
          : []),
        due > 0
          ? `Acompte dû : ${money(due)}. Nous commençons la production dès sa réception.`
          : 'Aucun acompte n’est demandé : nous commençons la production.',
        'Votre commande, ses factures et ce qui reste à payer, sur sa page :',
        orderLink(shop, token),
      ]
    : [
        `${hello(false, firstName)} Thank you for approving quote v${invoice.quoteVersion}. Here is invoice ${invoice.number} (${money(invoice.totalCents)}, taxes included), attached.`,
        ...(creditNotes.length > 0
          ? [`It replaces your earlier invoice, credited by ${creditNotes.join(', ')} (attached too).`]
          : []),
        due > 0
          ? `Deposit due: ${money(due)}. We start production once it is in.`
          : 'No deposit is asked: we are starting production.',
        'Your order, its invoices and what is left to pay, on its page:',
        orderLink(shop, token),
      ];
  const body = render(subject, intro, due > 0 ? paySections(ways, fr) : [], footer(shop, fr));
  return { kind: 'customer_update', to, subject: oneLine(subject), ...body };
}

export function composeCreditNoteMail(
  order: OrderForUpdate,
  note: InvoiceDocument,
  account: Account,
  token: string,
  shop: ShopIdentity,
): ComposedMail {
  const { to, fr, firstName } = customerOf(order);
  const money = (cents: number) => formatCents(cents, fr ? 'fr' : 'en');
  const subject = fr
    ? `Note de crédit ${note.number} de la commande ${order.reference}`
    : `Credit note ${note.number} for order ${order.reference}`;
  const intro = fr
    ? [
        `${hello(true, firstName)} La note de crédit ${note.number} (${money(note.totalCents)}) crédite la facture ${note.credits?.number ?? ''}\u00a0: ${note.reason ?? ''}`,
        `${accountHeadline(account, 'fr')}.`,
        orderLink(shop, token),
      ]
    : [
        `${hello(false, firstName)} Credit note ${note.number} (${money(note.totalCents)}) credits invoice ${note.credits?.number ?? ''}: ${note.reason ?? ''}`,
        `${accountHeadline(account, 'en')}.`,
        orderLink(shop, token),
      ];
  return { kind: 'customer_update', to, subject: oneLine(subject), ...render(subject, intro, [], footer(shop, fr)) };
}

/** To the customer: a payment (or refund) was recorded; the receipt is attached. */
export function composeReceiptMail(
  order: OrderForUpdate,
  receipt: ReceiptDocument,
  account: Account,
  token: string,
  shop: ShopIdentity,
): ComposedMail {
  const { to, fr, firstName } = customerOf(order);
  const lang = fr ? 'fr' : 'en';
  const money = (cents: number) => formatCents(cents, lang);
  const refund = receipt.amountCents < 0;
  const method = PAYMENT_METHODS[receipt.method].label[lang];
  const subject = refund
    ? fr
      ? `Remboursement ${receipt.number} de la commande ${order.reference}`
      : `Refund ${receipt.number} for order ${order.reference}`
    : fr
      ? `Reçu ${receipt.number} : paiement de ${money(receipt.amountCents)} reçu`
      : `Receipt ${receipt.number}: payment of ${money(receipt.amountCents)} received`;
  // The account's own sentence, as the page and the PDF say it; thanks once it is paid.
  const standing = `${accountHeadline(account, lang)}.${account.state === 'paid' ? (fr ? ' Merci\u00a0!' : ' Thank you!') : ''}`;
  const intro = fr
    ? [
        refund
          ? `${hello(true, firstName)} Nous vous avons remboursé ${money(-receipt.amountCents)} (${method}) pour la commande ${order.reference} : ${receipt.reason}`
          : `${hello(true, firstName)} Nous avons reçu votre paiement de ${money(receipt.amountCents)} (${method}) pour la commande ${order.reference}. Le reçu ${receipt.number} est joint.`,
        standing,
        orderLink(shop, token),
      ]
    : [
        refund
          ? `${hello(false, firstName)} We refunded ${money(-receipt.amountCents)} (${method}) for order ${order.reference}: ${receipt.reason}`
          : `${hello(false, firstName)} We received your payment of ${money(receipt.amountCents)} (${method}) for order ${order.reference}. Receipt ${receipt.number} is attached.`,
        standing,
        orderLink(shop, token),
      ];
  return { kind: 'customer_update', to, subject: oneLine(subject), ...render(subject, intro, [], footer(shop, fr)) };
}

/** To the customer: the deposit is still unpaid some days after the invoice. */
export function composeReminderMail(
  order: OrderForUpdate,
  invoiceNumber: string,
  account: Account,
  ways: readonly HowToPay[],
  token: string,
  shop: ShopIdentity,
): ComposedMail {
  const { to, fr, firstName } = customerOf(order);
  const money = (cents: number) => formatCents(cents, fr ? 'fr' : 'en');
  const balance = account.state === 'balance_due';
  const due = money(account.dueNowCents);
  const subject = fr
    ? `Rappel\u00a0: ${balance ? 'solde' : 'acompte'} de ${due} dû pour la commande ${order.reference}`
    : `Reminder: ${balance ? 'balance' : 'deposit'} of ${due} due for order ${order.reference}`;
  const intro = fr
    ? [
        balance
          ? `${hello(true, firstName)} Le solde de la facture ${invoiceNumber} (${due}) n’est pas encore arrivé.`
          : `${hello(true, firstName)} L’acompte de la facture ${invoiceNumber} (${due}) n’est pas encore arrivé. Nous commençons la production dès sa réception.`,
        'Si vous l’avez déjà envoyé, ne tenez pas compte de ce rappel.',
        orderLink(shop, token),
      ]
    : [
        balance
          ? `${hello(false, firstName)} The balance of invoice ${invoiceNumber} (${due}) has not arrived yet.`
          : `${hello(false, firstName)} The deposit of invoice ${invoiceNumber} (${due}) has not arrived yet. We start production once it is in.`,
        'If you have sent it already, please ignore this reminder.',
        orderLink(shop, token),
      ];
  return {
    kind: 'customer_update',
    to,
    subject: oneLine(subject),
    ...render(subject, intro, paySections(ways, fr), footer(shop, fr)),
  };
}
