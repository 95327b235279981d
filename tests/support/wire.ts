import type * as z from 'zod/mini';

/**
 * A test's reply body, checked against the wire contract's schema so it cannot drift from what the
 * server sends: the value itself (extra fields a careless server might add stay in), after the
 * schema has read it without complaint.
 */
export function wire<S extends z.ZodMiniType>(schema: S, value: z.input<S>): z.input<S> {
  schema.parse(value);
  return value;
}
