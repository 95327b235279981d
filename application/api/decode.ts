/**
 * Whether a value read from outside the wire contract (an error reply's body, a draft kept in the
 * browser's storage) is a plain object. Replies themselves are decoded by the contract's schemas in
 * the HTTP adapters (infrastructure/http/wire.ts `decoderOf`); there are no lenient readers here.
 */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
