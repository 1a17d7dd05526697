// Configuration from the environment, checked once at start-up (DESIGN.md "Run it").
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const MB = 1024 * 1024;
const GB = 1024 * MB;

const bytes = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

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
  CORS_ORIGINS: z.string().default('*'),
  DESIGN_STUDIO_URL: z.string().url().default('https://www.example.com/design-studio'),
  SMTP_URL: z
    .string()
    .refine((v) => v === '' || /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL')
    .default(''),
  SHOP_EMAIL: z.string().email().default('orders@example.com'),
  SHOP_NAME: z.string().min(1).default('Our Apparel Shop'),
  SHOP_CONTACT: z.string().default('orders@example.com'),
  MAIL_FROM: z.string().min(3).default('Order Form <no-reply@example.com>'),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().positive().default(30_000),
  MAIL_POLL_MS: z.coerce.number().int().positive().default(5_000),
  MAIL_LEASE_MS: z.coerce.number().int().positive().default(5 * 60_000),
  MAX_FILE_BYTES: bytes(4 * GB),
  MAX_ORDER_BYTES: bytes(20 * GB),
  MAX_FILES: z.coerce.number().int().positive().max(10_000).default(500),
  MAX_JSON_BYTES: bytes(50 * MB),
  IDEMPOTENCY_STALE_MS: z.coerce.number().int().min(600).default(30_000),
  SUBMIT_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  SUBMIT_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  MIN_FILL_SECONDS: z.coerce.number().nonnegative().default(3),
  FORM_TOKEN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().nonnegative().default(6 * 60 * 60 * 1000),
  SWEEP_MIN_AGE_SECONDS: z.coerce.number().int().nonnegative().default(0),
  TRUST_PROXY: bool(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

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
}

export class ConfigError extends Error {}

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
  const origins = e.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean);
  return {
    ...e,
    dataDir: path.resolve(e.DATA_DIR),
    clientDir: null,
    corsOrigins: origins.includes('*') ? '*' : origins,
    formTokenSecret: e.FORM_TOKEN_SECRET ?? randomBytes(32).toString('hex'),
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    ...overrides,
  };
}
