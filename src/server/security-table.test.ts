// The security table of docs/operations.md says what the server enforces: each setting it names exists, and
// each default it gives is the one the server uses (configSchema's, parsed from an empty
// environment), as is each limit its prose states (the constants, exported). The configuration
// table's defaults are held to the same. Moving a table to another document: change its path
// below, nothing else.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLLECTION_LIMITS } from '../shared/collections-api.js';
import { configSchema } from './config.js';
import { SIGN_IN_LINK_TTL_MS } from './portal/index.js';
import { THROTTLE } from './staff/index.js';

/** The document holding the security table ("| Defence | Setting (default) | What it stops |"). */
export const SECURITY_TABLE_FILE = 'docs/operations.md';
/** The document holding the configuration table ("| Variable | Default | What it does |"). */
export const CONFIGURATION_TABLE_FILE = 'docs/operations.md';

const root = path.resolve(import.meta.dirname, '../..');
const defaults: Record<string, unknown> = configSchema.parse({});
const known = new Set(Object.keys(configSchema.shape));

/** The rows of the table whose header row starts with `header`, as cells. */
function tableRows(file: string, header: string): string[][] {
  const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
  const start = lines.findIndex((l) => l.startsWith(header));
  if (start < 0) throw new Error(`${file} has no table headed "${header}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split(' | ')
        .map((c) => c.trim()),
    );
  }
  return rows;
}

const TIME_MS: Record<string, number> = { ms: 1, s: 1000, min: 60_000, h: 3_600_000 };
const SIZE_BYTES: Record<string, number> = { B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 };

/**
 * What a default written in a table says, in the setting's own unit (its name's suffix: _MS,
 * _SECONDS, _HOURS; bytes for sizes): a number, a text (`literal`, or '' for "empty"), or
 * undefined when it gives no value ("random per process", "from `SHOP_PROVINCE`").
 */
function valueOf(written: string, name: string): number | string | undefined {
  const text = written.split(/,|:| \(/)[0]!.trim();
  if (/^empty\b/.test(text)) return '';
  const literal = /^`([^`]*)`$/.exec(text);
  // Another setting's name: its default follows that setting ("`SHOP_NAME`").
  if (literal) return known.has(literal[1]!) ? undefined : /^\d+$/.test(literal[1]!) ? Number(literal[1]) : literal[1];
  const m = /^(\d[\d,]*)\s*(ms|s|min|h|B|KiB|MiB|GiB|B\/s|%)?$/.exec(text);
  if (!m) return undefined;
  const n = Number(m[1]!.replaceAll(',', ''));
  const unit = m[2];
  if (unit && unit in TIME_MS) {
    const ms = n * TIME_MS[unit]!;
    if (name.endsWith('_MS')) return ms;
    if (name.endsWith('_SECONDS')) return ms / 1000;
    if (name.endsWith('_HOURS')) return ms / 3_600_000;
    throw new Error(`${name} is given as a time (${written}) but its name says no unit`);
  }
  if (unit && unit in SIZE_BYTES) return n * SIZE_BYTES[unit]!;
  return n;
}

const expectedOf = (name: string) => {
  const v = defaults[name];
  // An optional setting left unset is "empty", a list is written as typed; a flag is `true` or `false`.
  if (v === undefined) return '';
  if (Array.isArray(v)) return v.join(',');
  return typeof v === 'boolean' ? String(v) : v;
};

interface Claim {
  row: string;
  name: string;
  written: string;
}

/** `A` / `B` (1 / 2 s), `A` over `B` (1 B/s over 60 s), `A` (3), or a bare `A`. */
function claimsIn(row: string, cell: string, strict: boolean): { claims: Claim[]; named: string[] } {
  const claims: Claim[] = [];
  const named = [...cell.matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)].map((m) => m[1]!);
  const group = /((?:`[A-Z][A-Z0-9_]{2,}`(?:\s*(?:\/|over)\s*)?)+)\s*\(([^()]*)\)/g;
  for (const m of cell.matchAll(group)) {
    const names = [...m[1]!.matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)].map((n) => n[1]!);
    const values = m[2]!.split(/\s+\/\s+|\s+over\s+/);
    if (values.length !== names.length) {
      if (strict) throw new Error(`${row}: ${names.join(' / ')} given ${values.length} values (${m[2]})`);
      continue;
    }
    names.forEach((name, i) => claims.push({ row, name, written: values[i]! }));
  }
  return { claims, named };
}

describe(`the security table in ${SECURITY_TABLE_FILE}`, () => {
  const rows = tableRows(SECURITY_TABLE_FILE, '| Defence | Setting (default) | What it stops |');

  it('names only settings the server has, with the defaults it uses', () => {
    const checked: string[] = [];
    for (const [defence, setting, stops] of rows) {
      const strict = claimsIn(defence!, setting!, true);
      for (const name of [...strict.named, ...claimsIn(defence!, stops!, false).named])
        expect(known.has(name), `${defence}: ${name} is no setting of the server`).toBe(true);
      const loose = claimsIn(defence!, stops!, false).claims.filter((c) => valueOf(c.written, c.name) !== undefined);
      for (const claim of [...strict.claims, ...loose]) {
        const value = valueOf(claim.written, claim.name);
        expect(value, `${claim.row}: ${claim.name} (${claim.written}) gives no value`).not.toBeUndefined();
        expect.soft(value, `${claim.row}: ${claim.name} is written (${claim.written})`).toEqual(expectedOf(claim.name));
        checked.push(claim.name);
      }
    }
    // The walk itself works: the table's limits are all read, My orders' among them.
    expect(checked).toContain('PORTAL_RATE_LIMIT');
    expect(checked).toContain('FORM_TOKEN_RATE_LIMIT');
    expect(checked).toContain('MAX_FILE_BYTES');
    expect(new Set(checked).size).toBeGreaterThanOrEqual(36);
  });

  // Limits the prose states in words: constants, or settings' defaults not next to their names.
  const PROSE: { defence: string; says: RegExp; value: number }[] = [
    {
      defence: 'The customer’s portal',
      says: /at most (\d+) links an hour/,
      value: defaults.PORTAL_LINKS_PER_EMAIL_PER_HOUR as number,
    },
    {
      defence: 'Staff sign-in under bursts',
      says: /At most (\d+) scrypt hashes run at once/,
      value: defaults.SIGN_IN_MAX_CONCURRENT_HASHES as number,
    },
    {
      defence: 'One address cannot fill the disk',
      says: /the smaller of (\d+) GiB/,
      value: (defaults.UPLOAD_BUDGET_BYTES_PER_DAY as number) / 1024 ** 3,
    },
    {
      defence: 'One address cannot fill the disk',
      says: /and (\d+) % of the volume/,
      value: defaults.UPLOAD_BUDGET_DISK_PERCENT as number,
    },
    {
      defence: 'The customer’s portal',
      says: /the link works once, for (\d+) minutes/,
      value: SIGN_IN_LINK_TTL_MS / 60_000,
    },
    { defence: 'Team size collections', says: /at most (\d+) entries/, value: COLLECTION_LIMITS.entries },
    { defence: 'Staff sign-in under bursts', says: /(\d+) attempts free/, value: THROTTLE.freeAttempts },
    { defence: 'Staff sign-in under bursts', says: /up to an hour/, value: THROTTLE.maxDelayMs / 3_600_000 },
    { defence: 'Staff sign-in under bursts', says: /make (\d+) attempts in \d+ minutes/, value: THROTTLE.perAddress },
    {
      defence: 'Staff sign-in under bursts',
      says: /make \d+ attempts in (\d+) minutes/,
      value: THROTTLE.addressWindowMs / 60_000,
    },
  ];

  it.each(PROSE)('$defence: $says', ({ defence, says, value }) => {
    const row = rows.find(([d]) => d!.replaceAll("'", '’') === defence);
    expect(row, `no row "${defence}"`).toBeDefined();
    const m = says.exec(row!.join(' | '));
    expect(m, `"${defence}" no longer says ${says}`).not.toBeNull();
    expect(m![1] === undefined ? 1 : Number(m![1])).toBe(value);
  });
});

describe(`the configuration table in ${CONFIGURATION_TABLE_FILE}`, () => {
  it('gives each setting the default the server uses', () => {
    const checked: string[] = [];
    for (const [variables, written] of tableRows(CONFIGURATION_TABLE_FILE, '| Variable | Default | What it does |')) {
      const names = [...variables!.matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)].map((m) => m[1]!);
      for (const name of names) expect(known.has(name), `${name} is no setting of the server`).toBe(true);
      const values = written!.split(/\s+\/\s+/);
      if (values.length !== names.length) continue;
      names.forEach((name, i) => {
        const value = valueOf(values[i]!, name);
        if (value === undefined) return;
        expect.soft(value, `${name} is written ${values[i]}`).toEqual(expectedOf(name));
        checked.push(name);
      });
    }
    expect(checked).toContain('PORTAL_RATE_LIMIT');
    expect(checked.length).toBeGreaterThanOrEqual(60);
  });
});
