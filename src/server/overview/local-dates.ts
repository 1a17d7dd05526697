// Instants dated in the shop's time zone by the database itself, so the Overview's queries count
// a year of quotes and Ready moves by day and month and answer a few rows (docs/overview.md,
// "Agreement and speed"). The zone's offsets over the instants' span come from the runtime's own
// time zone data (shared/dates.ts, the same as dateIn), passed to the query as a CASE over the
// clock's changes: the database needs no time zone data of its own and each dialect adds them
// the same way. Timestamps are stored as ISO 8601 UTC text (toISOString), compared as text.
import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../storage/db.js';
import type { ZoneOffsets } from '../../shared/dates.js';

/** The offset in force at `instant`, in milliseconds: the first branch whose change has not come yet. */
function offsetOf(instant: RawBuilder<unknown>, zone: ZoneOffsets, as: (ms: number) => RawBuilder<unknown>) {
  if (zone.changes.length === 0) return as(zone.offsets[0]!);
  const branches = zone.changes.map(
    (at, i) => sql`when ${instant} < ${new Date(at).toISOString()} then ${as(zone.offsets[i]!)}`,
  );
  return sql`case ${sql.join(branches, sql` `)} else ${as(zone.offsets.at(-1)!)} end`;
}

/**
 * The date (YYYY-MM-DD text) of a timestamp column in the zone whose offsets are given, as
 * dateIn says it; null for null. `zone` must span every instant the column holds in the query.
 */
export function localDate(dialect: Dialect, column: string, zone: ZoneOffsets): RawBuilder<string> {
  const instant = sql.ref(column);
  if (dialect === 'sqlite')
    // SQLite reads "2026-03-08T07:00:00.000Z" and shifts it by a modifier such as "-18000 seconds".
    return sql<string>`date(${instant}, ${offsetOf(instant, zone, (ms) => sql.lit(`${ms / 1000} seconds`))})`;
  return sql<string>`to_char((cast(${instant} as timestamptz) at time zone 'UTC') + ${offsetOf(instant, zone, (ms) => sql.lit(ms))} * interval '1 millisecond', 'YYYY-MM-DD')`;
}

/** Whole days from one date (YYYY-MM-DD text) to another, in SQL: daysBetween's. */
export function sqlDaysBetween(
  dialect: Dialect,
  from: RawBuilder<unknown>,
  to: RawBuilder<unknown>,
): RawBuilder<number> {
  if (dialect === 'sqlite') return sql<number>`cast(julianday(${to}) - julianday(${from}) as integer)`;
  return sql<number>`(cast(${to} as date) - cast(${from} as date))`;
}
