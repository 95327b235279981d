import { ResultAsync } from 'neverthrow';
import type * as z from 'zod/mini';
import type { ApiClient, RequestOptions } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { ApiRequest } from '../../../application/ports/ApiTransport';
import type * as Contract from '../../../contract/sales';

/** The sales wire contract (contract/sales.ts). */
export type SalesContract = typeof Contract;

/**
 * The schemas and their decoder come with the first reply that needs them: the adapters are part of
 * every page's first download (the composition root), zod and the schemas are not (the /login budget).
 */
const loadWire = () => Promise.all([import('../../../contract/sales'), import('../wire')]);

/**
 * The sales adapters' calls: each reply decoded by one of the contract's schemas (`ApiClient.call`
 * with `decoderOf`); one that does not match is `malformedReply`, never a value with silent defaults.
 */
export class SalesWire {
  constructor(private readonly api: ApiClient) {}

  call<S extends z.ZodMiniType>(request: ApiRequest, pick: (c: SalesContract) => S, options?: RequestOptions): ResultAsync<z.output<S>, ApiError> {
    return ResultAsync.fromSafePromise(loadWire()).andThen(([contract, { decoderOf }]) => this.api.call(request, decoderOf(pick(contract)), options));
  }
}
