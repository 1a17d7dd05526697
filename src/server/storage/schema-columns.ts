// Column types the table files share (schema.ts and its topic files).
import type { ColumnType } from 'kysely';

/** PostgreSQL returns bigint as text unless told otherwise; db.ts tells it to use numbers. */
export type BigInt = ColumnType<number, number, number>;
