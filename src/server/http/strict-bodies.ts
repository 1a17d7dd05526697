// Every staff and customer request body is refused when it carries a field its schema does not
// name (docs/architecture.md, Contracts): a client that sends a field the server would silently
// drop learns it at once, with the field named (error-handler.ts). The routes' own schemas stay
// as they are written, so their types are still `z.infer` of them; this makes each object in a
// body schema strict (zod's `.strict()`), all the way down, when Fastify compiles the route.
// An object that says what else it takes (`.catchall`, `.loose()`) keeps it. The submit-order
// wire format is read by its own route (orders/receive-order.ts), not through this.
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.js';

const strictened = new WeakMap<z.ZodType, z.ZodType>();

/** The schema with every object in it strict (unknown keys refused), its checks and types kept. */
export function strictDeep<T extends z.ZodType>(schema: T): T {
  const known = strictened.get(schema);
  if (known) return known as T;
  const result = strictOf(schema);
  strictened.set(schema, result);
  return result as T;
}

function strictOf(schema: z.ZodType): z.ZodType {
  // The definitions' shapes differ by kind; each child schema is made strict in turn.
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const child = (key: string) => strictDeep(def[key] as z.ZodType);
  switch (def.type) {
    case 'object': {
      const shape = Object.fromEntries(
        Object.entries(def.shape as Record<string, z.ZodType>).map(([k, v]) => [k, strictDeep(v)]),
      );
      return schema.clone({ ...def, shape, catchall: def.catchall ?? z.never() } as never);
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return schema.clone({ ...def, innerType: child('innerType') } as never);
    case 'array':
      return schema.clone({ ...def, element: child('element') } as never);
    case 'record':
      return schema.clone({ ...def, valueType: child('valueType') } as never);
    case 'union':
      return schema.clone({ ...def, options: (def.options as z.ZodType[]).map((o) => strictDeep(o)) } as never);
    case 'pipe':
      return schema.clone({ ...def, in: child('in') } as never);
    default:
      // Scalars, and kinds whose parts must not be strict alone (an intersection's two sides).
      return schema;
  }
}

/** Fastify's validator for the routes' zod schemas, with strict bodies. */
export const strictBodyValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler(route.httpPart === 'body' ? { ...route, schema: strictDeep(route.schema) } : route);

/** The body's paths that `schema` does not name, as a refusal names them ("lines.0.colour"). */
function unknownFields(schema: z.ZodType, body: unknown): string[] {
  const result = strictDeep(schema).safeParse(body);
  if (result.success) return [];
  return result.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [...issue.path, k].join('.')) : [],
  );
}

/**
 * For a route that reads its body itself: refuses (400, as error-handler.ts does for the
 * others) a body with a field `schema` does not name, before the route's own checks.
 */
export function refuseUnknownFields(schema: z.ZodType, body: unknown): void {
  const unknown = unknownFields(schema, body);
  if (unknown.length > 0) throw unknownFieldError(unknown);
}

/** The refusal of fields a request may not carry, the same for every route. */
export function unknownFieldError(fields: string[]): AppError {
  return new AppError(
    400,
    'unknown_field',
    `The request has ${fields.length > 1 ? 'fields' : 'a field'} this address does not take: ${fields.join(', ')}.`,
    fields,
    {
      messageFr: `La requête contient ${fields.length > 1 ? 'des champs' : 'un champ'} que cette adresse ne prend pas\u00a0: ${fields.join(', ')}.`,
    },
  );
}
