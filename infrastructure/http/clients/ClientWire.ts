import type * as z from 'zod/mini';
import type { Decode } from '../../../application/api/ApiClient';
import type * as Contract from '../../../contract/clients';

/** The client and attachment wire contract (contract/clients.ts, which gives the attachment replies too). */
export type ClientContract = typeof Contract;

/*
 * The schemas and their decoder come with the first reply that needs them, imported the way the
 * sales adapters import theirs (infrastructure/http/sales/SalesWire.ts): both areas share the
 * contract's common pieces and the decoder, and each loads them only by import(), so no chunk of
 * the sign-in page gains a module-namespace helper (the /login budget).
 */
const loadWire = () => Promise.all([import('../../../contract/clients'), import('../wire')]);

/** Starts loading the contract (the area's first screen opened), so a save made later while offline finds it here. */
export function preloadClientWire(): void {
  loadWire().catch(() => undefined);
}

/** The decoder of one of the contract's schemas (`ApiClient.call` waits for it): a reply that does not match is `malformedReply`. */
export function clientDecoder<S extends z.ZodMiniType>(pick: (contract: ClientContract) => S): Promise<Decode<z.output<S>>> {
  return loadWire().then(([contract, { decoderOf }]) => decoderOf(pick(contract)));
}
