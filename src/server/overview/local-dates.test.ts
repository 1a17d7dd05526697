// The database dates instants in the shop's zone as dateIn does (docs/overview.md, "Agreement and
// speed"): timestamps every few hours over two years, across clock changes and in a half-hour zone,
// dated by SQLite and PostgreSQL from the offsets the runtime gives; and the days between dates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backends, startTestApp, type TestApp } from '../../../tests/support/harness.js';
import { dateIn, zoneOffsets } from '../../shared/dates.js';
import { daysBetween } from '../../shared/overview/overview.js';
import { localDate, sqlDaysBetween } from './local-dates.js';

describe.each(backends())('dates in the shop’s zone, by the database, on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  }, 60_000);
  afterAll(async () => t?.close());

  const from = Date.parse('2025-10-01T00:00:00Z');
  const to = Date.parse('2027-04-01T00:00:00Z');
  const instants: string[] = [];
  // Every 3 h 17 min 13 s: each minute of the hour is met in turn, midnights and clock changes too.
  for (let ms = from; ms < to; ms += 11_833_000) instants.push(new Date(ms).toISOString());

  it.each(['America/Toronto', 'America/St_Johns', 'America/Vancouver', 'UTC'])('in %s', async (zone) => {
    const offsets = zoneOffsets(zone, from, to);
    const dialect = t.app.dialect;
    for (let i = 0; i < instants.length; i += 400) {
      const slice = instants.slice(i, i + 400);
      const { rows } = await sql<{ at: string; day: string; days: number | string }>`
        select at, ${localDate(dialect, 'at', offsets)} as day,
          ${sqlDaysBetween(dialect, sql.lit('2026-01-01'), localDate(dialect, 'at', offsets))} as days
        from (${sql.join(
          slice.map((at) => sql`select ${at} as at`),
          sql` union all `,
        )}) t
      `.execute(t.app.db);
      expect(rows).toHaveLength(slice.length);
      for (const r of rows) {
        const day = dateIn(zone, new Date(r.at));
        expect([r.at, r.day]).toEqual([r.at, day]);
        expect(Number(r.days)).toBe(daysBetween('2026-01-01', day));
      }
    }
  });
});
