// JSON columns, typed: a column declared `Json<T>` holds a T as JSON text. It is written only by
// `toJson` (or `canonicalJson`, for text that is hashed as it is), read only by `fromJson`, so
// the type of what a column holds is said once, in schema.ts, and never cast where it is read.
import type { z } from 'zod';
declare const holds: unique symbol;

/** JSON text of a T, as stored in a text column. */
export type Json<T> = string & { readonly [holds]: T };

export const toJson = <T>(value: T): Json<T> => JSON.stringify(value) as Json<T>;

/** Text already made by a canonical serializer for `value` (quote versions are hashed as stored). */
export const canonicalJson = <T>(_value: T, text: string): Json<T> => text as Json<T>;

export const fromJson = <T>(text: Json<T>): T => JSON.parse(text) as T;

/**
 * JSON text whose shape is not promised by a typed column (a setting, a file, an archive's
 * manifest): parsed and checked by `schema`, so what the code reads is what the type says.
 * Text that is not JSON, or not of that shape, reads as null.
 */
export function readJson<S extends z.ZodType>(schema: S, text: string): z.infer<S> | null {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
