import { err, ok } from 'neverthrow';
import * as z from 'zod/mini';
import type { Decode } from '../../application/api/ApiClient';

/**
 * A decoder for `ApiClient.call` made from a wire-contract schema (contract/): the reply parsed into
 * the schema's type, or the list of what did not match (path and problem), which the client turns
 * into a `malformedReply` error. The HTTP adapters are the only browser code that uses this.
 */
export function decoderOf<S extends z.ZodMiniType>(schema: S): Decode<z.output<S>> {
  return (body) => {
    const parsed = z.safeParse(schema, body);
    return parsed.success ? ok(parsed.data) : err(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(reply)'}: ${issue.message}`));
  };
}
