// The customer's emails about money, in their language, each with its PDF attached by the mail
// worker from the stored document: the invoice (deposit due), a credit note, a payment's
// receipt, and the reminder of an unpaid deposit. Text goes through render's escaping.
import { formatCents } from '../../shared/money.js';
import { accountHeadline, type Account } from '../../shared/invoices/account.js';
import type { HowToPay, InvoiceDocument, ReceiptDocument } from '../../shared/invoices/invoice-api.js';
import { PAYMENT_METHODS } from '../../shared/invoices/payment-methods.js';
import type { ComposedMail, ShopIdentity } from '../mail/compose.js';
import { customerUpdate, paySections, type OrderForUpdate } from '../mail/customer-mail.js';

const moneyIn = (fr: boolean) => (cents: number) => formatCents(cents, fr ? 'fr' : 'en');

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
  const due = account.dueNowCents;
  return customerUpdate(order, token, shop, ({ fr, hello }) => {
    const money = moneyIn(fr);
    return {
      subject: fr
        ? `Facture ${invoice.number} de la commande ${order.reference}${due > 0 ? `\u00a0: acompte dû ${money(due)}` : ''}`
        : `Invoice ${invoice.number} for order ${order.reference}${due > 0 ? `: deposit due ${money(due)}` : ''}`,
      intro: fr
        ? [
            `${hello} Merci d’avoir approuvé la soumission v${invoice.quoteVersion}. Voici la facture ${invoice.number} (${money(invoice.totalCents)}, taxes comprises), en pièce jointe.`,
            ...(creditNotes.length > 0
              ? [`Elle remplace votre facture précédente, créditée par ${creditNotes.join(', ')} (jointe aussi).`]
              : []),
            due > 0
              ? `Acompte dû\u00a0: ${money(due)}. Nous commençons la production dès sa réception.`
              : 'Aucun acompte n’est demandé\u00a0: nous commençons la production.',
            'Votre commande, ses factures et ce qui reste à payer, sur sa page\u00a0:',
          ]
        : [
            `${hello} Thank you for approving quote v${invoice.quoteVersion}. Here is invoice ${invoice.number} (${money(invoice.totalCents)}, taxes included), attached.`,
            ...(creditNotes.length > 0
              ? [`It replaces your earlier invoice, credited by ${creditNotes.join(', ')} (attached too).`]
              : []),
            due > 0
              ? `Deposit due: ${money(due)}. We start production once it is in.`
              : 'No deposit is asked: we are starting production.',
            'Your order, its invoices and what is left to pay, on its page:',
          ],
      sections: due > 0 ? paySections(ways, fr) : [],
    };
  });
}

export function composeCreditNoteMail(
  order: OrderForUpdate,
  note: InvoiceDocument,
  account: Account,
  token: string,
  shop: ShopIdentity,
): ComposedMail {
  return customerUpdate(order, token, shop, ({ fr, hello }) => {
    const money = moneyIn(fr);
    return {
      subject: fr
        ? `Note de crédit ${note.number} de la commande ${order.reference}`
        : `Credit note ${note.number} for order ${order.reference}`,
      intro: fr
        ? [
            `${hello} La note de crédit ${note.number} (${money(note.totalCents)}) crédite la facture ${note.credits?.number ?? ''}\u00a0: ${note.reason ?? ''}`,
            `${accountHeadline(account, 'fr')}.`,
          ]
        : [
            `${hello} Credit note ${note.number} (${money(note.totalCents)}) credits invoice ${note.credits?.number ?? ''}: ${note.reason ?? ''}`,
            `${accountHeadline(account, 'en')}.`,
          ],
    };
  });
}

/** To the customer: a payment (or refund) was recorded; the receipt is attached. */
export function composeReceiptMail(
  order: OrderForUpdate,
  receipt: ReceiptDocument,
  account: Account,
  token: string,
  shop: ShopIdentity,
): ComposedMail {
  const refund = receipt.amountCents < 0;
  return customerUpdate(order, token, shop, ({ fr, hello }) => {
    const lang = fr ? 'fr' : 'en';
    const money = moneyIn(fr);
    const method = PAYMENT_METHODS[receipt.method].label[lang];
    // The account's own sentence, as the page and the PDF say it; thanks once it is paid.
    const standing = `${accountHeadline(account, lang)}.${account.state === 'paid' ? (fr ? ' Merci\u00a0!' : ' Thank you!') : ''}`;
    // A card surcharge paid (or returned) with it: the mail says what the card was charged, as
    // the receipt does (docs/payments.md, "Surcharges").
    const surcharge = Math.abs(receipt.surchargeCents ?? 0);
    const charged = Math.abs(receipt.amountCents) + surcharge;
    const onCard = surcharge
      ? fr
        ? refund
          ? ` Les frais de carte de ${money(surcharge)} vous sont aussi rendus\u00a0: ${money(charged)} reviennent sur votre carte.`
          : ` Avec les frais de carte de ${money(surcharge)}, ${money(charged)} ont été portés à votre carte.`
        : refund
          ? ` The card surcharge of ${money(surcharge)} is returned too: ${money(charged)} goes back to your card.`
          : ` With the card surcharge of ${money(surcharge)}, ${money(charged)} was charged to your card.`
      : '';
    return {
      subject: refund
        ? fr
          ? `Remboursement ${receipt.number} de la commande ${order.reference}`
          : `Refund ${receipt.number} for order ${order.reference}`
        : fr
          ? `Reçu ${receipt.number}\u00a0: paiement de ${money(receipt.amountCents)} reçu`
          : `Receipt ${receipt.number}: payment of ${money(receipt.amountCents)} received`,
      intro: [
        fr
          ? refund
            ? `${hello} Nous vous avons remboursé ${money(-receipt.amountCents)} (${method}) pour la commande ${order.reference}\u00a0: ${receipt.reason}${onCard}`
            : `${hello} Nous avons reçu votre paiement de ${money(receipt.amountCents)} (${method}) pour la commande ${order.reference}.${onCard} Le reçu ${receipt.number} est joint.`
          : refund
            ? `${hello} We refunded ${money(-receipt.amountCents)} (${method}) for order ${order.reference}: ${receipt.reason}${onCard}`
            : `${hello} We received your payment of ${money(receipt.amountCents)} (${method}) for order ${order.reference}.${onCard} Receipt ${receipt.number} is attached.`,
        standing,
      ],
    };
  });
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
  const balance = account.state === 'balance_due';
  return customerUpdate(order, token, shop, ({ fr, hello }) => {
    const due = moneyIn(fr)(account.dueNowCents);
    return {
      subject: fr
        ? `Rappel\u00a0: ${balance ? 'solde' : 'acompte'} de ${due} dû pour la commande ${order.reference}`
        : `Reminder: ${balance ? 'balance' : 'deposit'} of ${due} due for order ${order.reference}`,
      intro: fr
        ? [
            balance
              ? `${hello} Le solde de la facture ${invoiceNumber} (${due}) n’est pas encore arrivé.`
              : `${hello} L’acompte de la facture ${invoiceNumber} (${due}) n’est pas encore arrivé. Nous commençons la production dès sa réception.`,
            'Si vous l’avez déjà envoyé, ne tenez pas compte de ce rappel.',
          ]
        : [
            balance
              ? `${hello} The balance of invoice ${invoiceNumber} (${due}) has not arrived yet.`
              : `${hello} The deposit of invoice ${invoiceNumber} (${due}) has not arrived yet. We start production once it is in.`,
            'If you have sent it already, please ignore this reminder.',
          ],
      sections: paySections(ways, fr),
    };
  });
}
