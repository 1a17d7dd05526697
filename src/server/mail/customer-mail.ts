// What every email to a customer about their order shares: who it goes to and in which
// language, the link to their order's page, and the footer that says the link is personal.
import { customerFooter } from '../../shared/mail-wording.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import {
  cleanFirstName,
  customerLook,
  greetingLine,
  orderPageUrl,
  render,
  type ComposedMail,
  type ShopIdentity,
} from './compose.js';

export interface OrderForUpdate {
  id: string;
  reference: string;
  document: ValidOrderBody;
}

export const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

export const orderLink = orderPageUrl;

export function customerOf(order: OrderForUpdate) {
  const billing = order.document.layouts['1']?.billing;
  const firstName = cleanFirstName(billing?.firstName);
  return { to: billing?.email ?? '', fr: order.document.language === 'fr', firstName };
}

/**
 * How to pay, one section per way with each instruction on its own line (never run together),
 * headed by the way's name ("Pay: In store (debit, credit card or cash)"; "Pay by In store" was
 * no English).
 */
export function paySections(ways: readonly { label: string; instructions: string[] }[], fr: boolean) {
  return ways.map((w) => ({ heading: fr ? `Payer\u00a0: ${w.label}` : `Pay: ${w.label}`, lines: w.instructions }));
}

/** What one email to a customer says, written in their language. */
interface CustomerMailText {
  subject: string;
  /** The opening paragraphs; the link to their order's page is added after them. */
  intro: string[];
  sections?: { heading: string; lines: string[] }[];
}

/**
 * An email to the customer about their order: `write` words it in their language (given the
 * greeting, "Hello Ada." or "Bonjour Ada."); it goes to the billing address, its intro ends with
 * the link to their order's page, and its footer says that link is personal.
 */
export function customerUpdate(
  order: OrderForUpdate,
  token: string,
  shop: ShopIdentity,
  write: (reader: { fr: boolean; hello: string }) => CustomerMailText,
): ComposedMail {
  const { to, fr, firstName } = customerOf(order);
  const { subject, intro, sections = [] } = write({ fr, hello: greetingLine(shop, fr, firstName) });
  return {
    kind: 'customer_update',
    to,
    subject: oneLine(subject),
    ...render(subject, [...intro, orderLink(shop, token)], sections, customerFooter(shop, fr), customerLook(shop, fr)),
  };
}
