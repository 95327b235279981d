import { err, ok, ResultAsync, type Result } from 'neverthrow';
import type * as z from 'zod/mini';
import type { ApiError } from '../../../application/api/ApiError';
import type * as Contract from '../../../contract/sales';

/** The sales wire contract (contract/sales.ts). */
export type SalesContract = typeof Contract;

/**
 * The contract comes with the first reply that needs it: the adapters are part of every page's first
 * download (the composition root), the schemas are not (the /login budget).
 */
const contract = (): Promise<SalesContract> => import('../../../contract/sales');

const malformed: ApiError = { code: 'server', status: 200, message: '' };

/**
 * A reader of replies by one of the contract's schemas: the reply's value, or an error when it does
 * not match — never a value with silent defaults. (To become `ApiClient.call` with `decoderOf` once
 * the shared wire helper is in.)
 */
export const readBy =
  <S extends z.ZodMiniType>(pick: (c: SalesContract) => S) =>
  (body: unknown): ResultAsync<z.output<S>, ApiError> =>
    ResultAsync.fromSafePromise(contract()).andThen((c): Result<z.output<S>, ApiError> => {
      const parsed = pick(c).safeParse(body);
      return parsed.success ? ok(parsed.data) : err(malformed);
    });
