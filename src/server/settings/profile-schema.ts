// What an owner may save as the shop's profile (docs/settings.md): the same checks the
// environment's values pass at start-up (config.ts), and a brand colour white text reads on.
import { z } from 'zod';
import { PROVINCES, type ProvinceCode } from '../../shared/constants.js';
import { AA_NORMAL_TEXT, parseHexColour, whiteTextContrast, withHash } from '../../shared/contrast.js';
import { isFiscalYearEnd, isTimeZone } from '../../shared/dates.js';
import {
  normaliseRegistration,
  REGISTRATION_SHAPES,
  type RegistrationKind,
} from '../../shared/registration-numbers.js';
import { DEFAULT_MAIL_WORDING, signatureLines, WORDING_FAULTS, wordingFault } from '../../shared/mail-wording.js';
import { plainText } from '../../shared/plain-text.js';
import { DEFAULT_QUOTE_WAIT_DAYS, MAX_QUOTE_WAIT_DAYS, type ShopProfile } from '../../shared/shop-profile.js';

const provinceCodes = PROVINCES.map((p) => p.code) as [ProvinceCode, ...ProvinceCode[]];
// One line of plain text: controls and bidi overrides out (customers read the shop's name and address).
const text = (max: number, min = 0) =>
  z
    .string()
    .transform((v) => plainText(v))
    .pipe(z.string().trim().min(min, 'must not be empty').max(max));

function registration(kind: RegistrationKind) {
  return text(40).transform((v, ctx) => {
    if (v === '') return '';
    const normal = normaliseRegistration(kind, v);
    if (normal) return normal;
    ctx.addIssue({ code: 'custom', message: `must be ${REGISTRATION_SHAPES[kind].en}` });
    return z.NEVER;
  });
}

const QUOTE_WAIT_DAYS_MESSAGE = `must be a whole number of days from 1 to ${MAX_QUOTE_WAIT_DAYS}`;

export const shopProfileSchema = z
  .object({
    name: text(200, 1),
    legalName: text(200),
    address: text(300),
    province: z.enum(provinceCodes),
    timeZone: text(64).refine(isTimeZone, 'must be a time zone such as America/Toronto'),
    fiscalYearEnd: text(5).refine(isFiscalYearEnd, 'must be the last day of the fiscal year as MM-DD, such as 12-31'),
    gstHst: registration('gst_hst'),
    qst: registration('qst'),
    pst: z
      .array(z.object({ province: z.enum(provinceCodes), number: text(40) }).strict())
      .max(provinceCodes.length)
      .refine((list) => new Set(list.map((p) => p.province)).size === list.length, 'names a province twice'),
    email: text(254).pipe(z.string().email('must be an email address')),
    phone: text(40).refine((v) => v === '' || /^[+()\d][\d\s().+-]{5,}(\s*(x|ext\.?)\s*\d+)?$/i.test(v), {
      message: 'must be a phone number, such as 416-555-0100',
    }),
    brandColour: text(7).superRefine((v, ctx) => {
      if (!parseHexColour(v) || v.length !== 7) {
        ctx.addIssue({ code: 'custom', message: 'must be a colour as #rrggbb' });
        return;
      }
      const ratio = whiteTextContrast(v)!;
      if (ratio < AA_NORMAL_TEXT) {
        ctx.addIssue({
          code: 'custom',
          message: `is too light: white text on it has a contrast of ${ratio.toFixed(2)}:1, under the 4.5:1 WCAG AA asks`,
        });
      }
    }),
    logo: z
      .string()
      .regex(/^([0-9a-f]{64})?$/, 'must be the SHA-256 of a saved logo, or empty')
      .default(''),
    // Checked below against the email's domain (the only web address a signature may name).
    mailGreetingEn: z.string().max(2000).default(DEFAULT_MAIL_WORDING.mailGreetingEn),
    mailGreetingFr: z.string().max(2000).default(DEFAULT_MAIL_WORDING.mailGreetingFr),
    mailSignatureEn: z.string().max(2000).default(DEFAULT_MAIL_WORDING.mailSignatureEn),
    mailSignatureFr: z.string().max(2000).default(DEFAULT_MAIL_WORDING.mailSignatureFr),
    // The inbox flags a sent quote unanswered this many days (docs/settings.md).
    quoteWaitDays: z
      .number({ message: QUOTE_WAIT_DAYS_MESSAGE })
      .int(QUOTE_WAIT_DAYS_MESSAGE)
      .min(1, QUOTE_WAIT_DAYS_MESSAGE)
      .max(MAX_QUOTE_WAIT_DAYS, QUOTE_WAIT_DAYS_MESSAGE)
      .default(DEFAULT_QUOTE_WAIT_DAYS),
  })
  .strict()
  .transform((profile) => ({
    ...profile,
    mailGreetingEn: profile.mailGreetingEn.trim(),
    mailGreetingFr: profile.mailGreetingFr.trim(),
    mailSignatureEn: signatureLines(profile.mailSignatureEn).join('\n'),
    mailSignatureFr: signatureLines(profile.mailSignatureFr).join('\n'),
  }))
  .superRefine((profile, ctx) => {
    for (const field of ['mailGreetingEn', 'mailGreetingFr', 'mailSignatureEn', 'mailSignatureFr'] as const) {
      const fault = wordingFault(
        field.startsWith('mailGreeting') ? 'greeting' : 'signature',
        profile[field],
        profile.email,
      );
      if (fault) ctx.addIssue({ code: 'custom', path: [field], message: WORDING_FAULTS[fault] });
    }
  }) satisfies z.ZodType<ShopProfile, unknown>;

/** Every field at fault, each with its reason ("gstHst: must be …"). */
export interface ProfileRefusal {
  fields: string[];
  reasons: string[];
}

export function readShopProfile(body: unknown): { ok: true; profile: ShopProfile } | ({ ok: false } & ProfileRefusal) {
  // A colour typed without its "#" is the colour meant (docs/settings.md).
  const typed =
    body && typeof body === 'object' && typeof (body as { brandColour?: unknown }).brandColour === 'string'
      ? { ...body, brandColour: withHash((body as { brandColour: string }).brandColour) }
      : body;
  const parsed = shopProfileSchema.safeParse(typed);
  if (parsed.success)
    return { ok: true, profile: { ...parsed.data, brandColour: parsed.data.brandColour.toLowerCase() } };
  const fields: string[] = [];
  const reasons: string[] = [];
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.') || 'profile';
    if (!fields.includes(field)) fields.push(field);
    reasons.push(`${field}: ${issue.message}`);
  }
  return { ok: false, fields, reasons };
}
