// Migrations, frozen in time: never edit one that has shipped; add the next in a new file.
// Dialect-neutral: text ids and timestamps, integer flags, no database-made defaults.
// Kysely runs them in the order of their keys (001-…, 002-…), so the split into files by era
// changes nothing about what runs or when.
import type { Migration } from 'kysely';
import { migrationsOneToNineteen } from './migrations-001-019.js';
import { migrationsFromTwenty } from './migrations-020-on.js';
import { migrationsFromFifty } from './migrations-050-overview.js';
import { migrationsFromSixtyEight } from './migrations-068-on.js';
import { migrationsSurcharge } from './migrations-072-surcharge.js';
import { migrationsOverviewSpeed } from './migrations-073-overview-speed.js';

export const migrations: Record<string, Migration> = {
  ...migrationsOneToNineteen,
  ...migrationsFromTwenty,
  ...migrationsFromFifty,
  ...migrationsFromSixtyEight,
  ...migrationsSurcharge,
  ...migrationsOverviewSpeed,
};
