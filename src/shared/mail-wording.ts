// The words the shop writes in each mail to a customer (docs/settings.md, "Mail the shop
// writes"): a greeting and a signature per language, kept in the shop's profile and so
// versioned with it. The structure of each mail, its link and its legal lines stay the product's.
// Pure: the server's mails and the Shop settings page's preview word them with the same code.
import { hasControlCharacters } from './plain-text.js';

/** Where the customer's first name goes in a greeting. */
export const NAME_SLOT = '{name}';

export const MAIL_GREETING_MAX = 120;
export const MAIL_SIGNATURE_MAX_LINES = 4;
export const MAIL_SIGNATURE_MAX = 400;

export interface MailWording {
  mailGreetingEn: string;
  mailGreetingFr: string;
  mailSignatureEn: string;
  mailSignatureFr: string;
}

/** The product's own words: the mails as they were before a shop wrote its own. */
export const DEFAULT_MAIL_WORDING: MailWording = {
  mailGreetingEn: 'Hello {name}.',
  mailGreetingFr: 'Bonjour {name}.',
  mailSignatureEn: '',
  mailSignatureFr: '',
};

export const greetingOf = (wording: MailWording, fr: boolean) => (fr ? wording.mailGreetingFr : wording.mailGreetingEn);
export const signatureOf = (wording: MailWording, fr: boolean) =>
  signatureLines(fr ? wording.mailSignatureFr : wording.mailSignatureEn);

/** The greeting with the first name in its slot; without a name, the slot and the space or comma before it go. */
export function greetingFor(template: string, firstName: string): string {
  const line = firstName
    ? template.split(NAME_SLOT).join(firstName)
    : template.replace(/[\s,\u00a0\u202f]*\{name\}/g, '');
  return line.trim();
}

/** The signature's lines, blank ones dropped. */
export function signatureLines(signature: string): string[] {
  return signature
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/** The domain of an email address, lower-cased ("yourshop.ca"). */
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

// Anything a mail reader might turn into a link: an address with a scheme (always refused: the
// mail adds the order's link itself), a name with a dot and a top-level domain, alone, after
// "www." or after the @ of an email address (refused unless it is the shop's own email domain), or
// an IP address. Read after NFKC (full-width letters and dots become ASCII) with the other dots a
// mail reader may take for one (ideographic, halfwidth ideographic, one-dot leader) made "."; the
// names in any script, so a Cyrillic or Greek lookalike of a domain is a domain too.
const SCHEME = /[\p{L}][\p{L}\p{N}+.-]*:\/\/|(?<![\p{L}\p{N}])(?:mailto|javascript|data|vbscript):/iu;
const DOMAIN =
  /(?<![\p{L}\p{N}\p{M}-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}-]*[\p{L}\p{N}\p{M}])?\.)+\p{L}[\p{L}\p{M}]+(?![\p{L}\p{N}\p{M}])/giu;
const IP_ADDRESS = /(?<![\p{N}.])\d{1,3}(?:\.\d{1,3}){3}(?![\p{N}])|\[[0-9a-f:.]*:[0-9a-f:.]*\]/iu;
const DOTS = /[\u3002\uff61\u2024\ufe52\u0701\u0702]/g;
const readAsMailReader = (text: string) => text.normalize('NFKC').replace(DOTS, '.');

export type WordingFault = 'too_long' | 'one_line' | 'too_many_lines' | 'markup' | 'link' | 'slot' | 'control';

/**
 * Why a greeting or signature may not be saved, or null: plain text only (no markup, no control
 * characters, a greeting on one line), within its length, and no link but to the shop's own
 * email domain (the mail adds the order's link itself).
 */
export function wordingFault(kind: 'greeting' | 'signature', value: string, shopEmail: string): WordingFault | null {
  // A greeting's line separator (U+2028, U+2029, NEL) is a line break too.
  if (kind === 'greeting' && /[\r\n\u0085\u2028\u2029]/.test(value)) return 'one_line';
  if (hasControlCharacters(value)) return 'control';
  if (kind === 'greeting') {
    if (value.length > MAIL_GREETING_MAX) return 'too_long';
    if (value.split(NAME_SLOT).length > 2) return 'slot';
  } else {
    if (value.length > MAIL_SIGNATURE_MAX) return 'too_long';
    if (signatureLines(value).length > MAIL_SIGNATURE_MAX_LINES) return 'too_many_lines';
  }
  const rest = readAsMailReader(kind === 'greeting' ? value.replace(NAME_SLOT, '') : value);
  if (/[<>{}]/.test(rest)) return /[<>]/.test(rest) ? 'markup' : 'slot';
  if (SCHEME.test(rest) || IP_ADDRESS.test(rest)) return 'link';
  const own = domainOf(shopEmail);
  for (const found of rest.match(DOMAIN) ?? []) {
    const domain = found.toLowerCase();
    if (!(own && (domain === own || domain.endsWith(`.${own}`)))) return 'link';
  }
  return null;
}

/** Why, in words, for the API's refusal (field: reason). */
export const WORDING_FAULTS: Record<WordingFault, string> = {
  too_long: `is too long (a greeting at most ${MAIL_GREETING_MAX} characters, a signature ${MAIL_SIGNATURE_MAX})`,
  one_line: 'must be on one line',
  too_many_lines: `has more than ${MAIL_SIGNATURE_MAX_LINES} lines`,
  markup: 'must be plain text, without < or >',
  link: 'may not carry a link or a web address other than the shop’s own email domain',
  slot: `may hold ${NAME_SLOT} once, and no other braces`,
  control: 'must be plain text, without control characters',
};

/** The fixed footer of a customer mail about their order: the shop's contact and the personal link's warning. */
export function customerFooter(shop: { name: string; contact: string }, fr: boolean): string[] {
  const shopName = shop.name.replace(/\.$/, '');
  const contact = shop.contact.replace(/\.$/, '');
  return fr
    ? [
        `${shopName}. Pour nous joindre\u00a0: ${contact}.`,
        'Ce lien est personnel\u00a0: toute personne qui l’a peut voir votre commande et y répondre en votre nom. Ne le transférez pas.',
      ]
    : [
        `${shopName}. Contact: ${contact}.`,
        'This link is personal: anyone who has it can see your order and answer for you. Do not forward it.',
      ];
}
