// Configuration from the environment, checked once at start-up: a bad value stops the server
// with a message naming the variable (docs/operations.md, Configuration).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import type { ProvinceCode } from '../shared/constants.js';
import { provinceCodeOf } from '../shared/quote.js';
import type { TaxRegistrations } from '../shared/taxes.js';
import { isFiscalYearEnd, isTimeZone, PROVINCE_TIME_ZONES } from '../shared/dates.js';
import { normaliseRegistration, REGISTRATION_SHAPES, type RegistrationKind } from '../shared/registration-numbers.js';

const MB = 1024 * 1024;
const GB = 1024 * MB;

const bytes = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** What Fastify's trustProxy takes: all, none, a number of hops, or the proxies' addresses. */
export type TrustProxy = boolean | number | string[];
// proxy-addr's names for address ranges.
const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A registration number: empty, or the shape and check digit of its kind, printed normalised. */
function registrationNumber(kind: RegistrationKind) {
  return z
    .string()
    .max(40)
    .default('')
    .transform((v, ctx) => {
      if (v.trim() === '') return '';
      const normal = normaliseRegistration(kind, v);
      if (normal) return normal;
      ctx.addIssue({ code: 'custom', message: `must be ${REGISTRATION_SHAPES[kind].en}; "${v}" is not` });
      return z.NEVER;
    });
}

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => v === '' || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL, or empty for SQLite')
    .default(''),
  PUBLIC_URL: z.string().url().optional(),
  PUBLIC_API_KEY: z.string().min(8, 'must be at least 8 characters').default('public-anon-key-change-me'),
  CORS_ORIGINS: z.string().default(''),
  DESIGN_STUDIO_URL: z.string().url().default('https://www.example.com/design-studio'),
  SMTP_URL: z
    .string()
    .refine((v) => v === '' || /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL')
    .default(''),
  /** Where every process counts rate limits; empty: in the database (docs/architecture.md). */
  REDIS_URL: z
    .string()
    .refine((v) => v === '' || /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL')
    .default(''),
  /** Put before every key this app writes in Redis, so apps can share a Redis server. */
  REDIS_KEY_PREFIX: z.string().max(100).default('apparel-order-form:'),
  SHOP_EMAIL: z.string().email().default('orders@example.com'),
  SHOP_NAME: z.string().min(1).default('Our Apparel Shop'),
  SHOP_CONTACT: z.string().default('orders@example.com'),
  /** Printed on invoices and receipts: the business's legal name (SHOP_NAME when empty). */
  SHOP_LEGAL_NAME: z.string().max(200).default(''),
  /** Printed on invoices and receipts: the shop's postal address, on one line. */
  SHOP_ADDRESS: z.string().max(300).default(''),
  /** How often each process looks for unpaid deposits to remind, in milliseconds. */
  REMINDER_POLL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(60 * 60 * 1000),
  MAIL_FROM: z.string().min(3).default('Order Form <no-reply@example.com>'),
  /** The shop's province: the place of supply of a local pickup, for its taxes. */
  SHOP_PROVINCE: z
    .string()
    .default('ON')
    .refine((v) => provinceCodeOf(v) !== null, 'must be one of the 13 provinces and territories (code or name)')
    .transform((v) => provinceCodeOf(v)!),
  /** Printed on quotes and invoices: the shop's GST/HST number, checked (shared/registration-numbers.ts). */
  GST_HST_NUMBER: registrationNumber('gst_hst'),
  /** Printed on quotes and invoices: the shop's QST number, checked. */
  QST_NUMBER: registrationNumber('qst'),
  /** The shop's time zone: every document's and report's date; defaults from SHOP_PROVINCE. */
  SHOP_TIMEZONE: z
    .string()
    .refine(isTimeZone, 'must be a time zone such as America/Toronto or America/Vancouver')
    .optional(),
  /** The last day of the shop's fiscal year, MM-DD: records are kept six years from its end. */
  FISCAL_YEAR_END: z
    .string()
    .default('12-31')
    .refine(isFiscalYearEnd, 'must be the last day of the fiscal year as MM-DD, such as 12-31 or 03-31'),
  /** The provinces where the shop is registered for PST or RST (codes or names, comma-separated). */
  PST_PROVINCES: z
    .string()
    .default('')
    .transform((v, ctx): ProvinceCode[] => {
      const codes: ProvinceCode[] = [];
      for (const part of v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const code = provinceCodeOf(part);
        if (!code) {
          ctx.addIssue({ code: 'custom', message: `"${part}" is not a province or territory (code or name)` });
          return z.NEVER;
        }
        if (!codes.includes(code)) codes.push(code);
      }
      return codes;
    }),
  ORDER_LINK_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  ORDER_LINK_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  PORTAL_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  PORTAL_SIGN_IN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  PORTAL_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  PORTAL_LINKS_PER_EMAIL_PER_HOUR: z.coerce.number().int().positive().default(5),
  COLLECTION_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  COLLECTION_CREATE_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  COLLECTION_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().positive().default(30_000),
  MAIL_POLL_MS: z.coerce.number().int().positive().default(5_000),
  MAIL_LEASE_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 60_000),
  MAX_FILE_BYTES: bytes(4 * GB),
  MAX_ORDER_BYTES: bytes(20 * GB),
  MAX_FILES: z.coerce.number().int().positive().max(10_000).default(500),
  MAX_JSON_BYTES: bytes(50 * MB),
  UPLOAD_BUDGET_BYTES_PER_DAY: bytes(10 * GB),
  UPLOAD_BUDGET_DISK_PERCENT: z.coerce.number().positive().max(100).default(25),
  MIN_FREE_DISK_BYTES: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(1 * GB),
  SIGN_IN_MAX_CONCURRENT_HASHES: z.coerce.number().int().positive().max(64).default(2),
  IDEMPOTENCY_STALE_MS: z.coerce.number().int().min(600).default(30_000),
  /** Order-form pages (each carries a form token) one address may load per FORM_TOKEN_RATE_WINDOW_SECONDS. */
  FORM_TOKEN_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  FORM_TOKEN_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
  SUBMIT_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  SUBMIT_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  MIN_FILL_SECONDS: z.coerce.number().nonnegative().default(3),
  FORM_TOKEN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  FORM_TOKEN_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60),
  CUSTOMER_MAIL_PER_ADDRESS_PER_DAY: z.coerce.number().int().nonnegative().default(3),
  CUSTOMER_MAIL_PER_HOUR: z.coerce.number().int().nonnegative().default(200),
  CUSTOMER_MAIL_PER_CLIENT_PER_HOUR: z.coerce.number().int().nonnegative().default(10),
  MAX_ORDER_PART_BYTES: bytes(MB),
  MAX_CONCURRENT_JSON_ORDERS: z.coerce.number().int().positive().default(2),
  JSON_ORDER_QUEUE: z.coerce.number().int().nonnegative().default(6),
  ROUTE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  MIN_UPLOAD_BYTES_PER_SECOND: z.coerce.number().int().nonnegative().default(1024),
  UPLOAD_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  REQUEST_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(6 * 60 * 60 * 1000),
  /** Where orders' files live: empty for DATA_DIR/files, or s3://bucket/prefix (docs/architecture.md). */
  FILES_URL: z
    .string()
    .refine((v) => v === '' || parseFilesUrl(v) !== null, 'must be s3://bucket or s3://bucket/prefix, or empty')
    .default(''),
  AWS_ENDPOINT_URL_S3: z.string().url().optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** Most time an S3 request may stay silent before it counts as failed (then 503). */
  S3_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  SWEEP_MIN_AGE_SECONDS: z.coerce.number().int().nonnegative().default(0),
  /** Resumable uploads no order adopted are removed after this many hours. */
  UPLOAD_EXPIRY_HOURS: z.coerce.number().positive().default(24),
  /** Resumable uploads one address may start per SUBMIT_RATE_WINDOW_SECONDS (each resume or check of one counts apart). */
  UPLOAD_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  /** Completed and cancelled orders unchanged for this many days are deleted; 0 keeps them. */
  RETENTION_DAYS: z.coerce.number().int().nonnegative().default(0),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): TrustProxy => {
      const value = v.trim();
      if (value === 'true') return true;
      if (value === 'false' || value === '' || value === '0') return false;
      if (/^\d+$/.test(value)) return Number(value);
      const list = value
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      if (list.every((p) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(p) || PROXY_KEYWORDS.has(p))) return list;
      ctx.addIssue({
        code: 'custom',
        message: 'must be true, false, a number of proxies, or a comma-separated list of proxy addresses or CIDRs',
      });
      return z.NEVER;
    }),
  ARTWORK_CHECKS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  ARTWORK_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
  /**
   * Processor time one file's reading may use before it is stopped and marked too complex to
   * preview, never retried (artwork/process-artwork.ts); ARTWORK_TIMEOUT_MS is the wall-clock backstop.
   */
  ARTWORK_RENDER_CPU_MS: z.coerce.number().int().min(100).default(10_000),
  ARTWORK_ORDER_BUDGET_MS: z.coerce.number().int().min(1000).default(60_000),
  /** The checking time all files sent from one address may use in an hour. */
  ARTWORK_CLIENT_BUDGET_MS: z.coerce.number().int().min(1000).default(300_000),
  ARTWORK_POLL_MS: z.coerce.number().int().positive().default(10_000),
  /** Serves /metrics (Prometheus text) to a scraper that gives this bearer token; unset, /metrics is off. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (it is a password)').optional(),
  /**
   * Card payments online through Stripe Checkout (docs/payments.md): off unless both keys are set.
   * The secret key (sk_test_… or sk_live_…, or a restricted rk_…) and the webhook endpoint's
   * signing secret (whsec_…).
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  /** Stripe's API at another address (a local stand-in in tests): its protocol, host and port. */
  STRIPE_API_URL: z.string().url().optional(),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** s3://bucket/prefix as a bucket and a key prefix without slashes at its ends ('' for none). */
export function parseFilesUrl(url: string): { bucket: string; prefix: string } | null {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!m) return null;
  const prefix = (m[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix.split('/').some((part, i, all) => (part === '' && all.length > 1) || part === '.' || part === '..'))
    return null;
  return { bucket: m[1]!, prefix };
}

/** Where the file store keeps orders' files. */
export type FilesLocation =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      prefix: string;
      endpoint: string | undefined;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      timeoutMs: number;
    };

export type Env = z.infer<typeof configSchema>;

export interface Config extends Env {
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  /** Absolute path of the built client, or null when the server runs without one (API tests). */
  clientDir: string | null;
  corsOrigins: string[] | '*';
  /** PUBLIC_URL, or the address the server listens on. */
  publicUrl: string;
  /** Signs the form tokens (FORM_TOKEN_SECRET, or random per process). */
  formTokenSecret: string;
  /** FILES_URL and the AWS_* variables, resolved. */
  filesLocation: FilesLocation;
  /** The taxes the shop charges: from GST_HST_NUMBER, QST_NUMBER and PST_PROVINCES. */
  registrations: TaxRegistrations;
  /** SHOP_TIMEZONE, or the time zone of SHOP_PROVINCE. */
  timeZone: string;
}

export class ConfigError extends Error {}

function filesLocationOf(e: Env): FilesLocation {
  const s3 = e.FILES_URL ? parseFilesUrl(e.FILES_URL) : null;
  if (!s3) return { kind: 'local' };
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  AWS_ACCESS_KEY_ID: set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither (the SDK then finds credentials itself)',
    );
  }
  return {
    kind: 's3',
    ...s3,
    endpoint: e.AWS_ENDPOINT_URL_S3,
    region: e.AWS_REGION,
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY }
        : undefined,
    timeoutMs: e.S3_TIMEOUT_MS,
  };
}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = configSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const origins = e.CORS_ORIGINS.split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
  const publicUrl = (
    overrides.publicUrl ??
    e.PUBLIC_URL ??
    `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`
  ).replace(/\/$/, '');
  // The app's own origin always; others only when listed.
  const own = new URL(publicUrl).origin;
  return {
    ...e,
    dataDir: path.resolve(e.DATA_DIR),
    clientDir: null,
    corsOrigins: origins.includes('*') ? '*' : [own, ...origins.filter((o) => o !== own)],
    formTokenSecret: e.FORM_TOKEN_SECRET ?? randomBytes(32).toString('hex'),
    publicUrl,
    filesLocation: filesLocationOf(e),
    timeZone: e.SHOP_TIMEZONE ?? PROVINCE_TIME_ZONES[e.SHOP_PROVINCE],
    registrations: {
      gstHst: e.GST_HST_NUMBER.trim() !== '',
      qst: e.QST_NUMBER.trim() !== '',
      pstProvinces: e.PST_PROVINCES,
    },
    ...overrides,
  };
}
