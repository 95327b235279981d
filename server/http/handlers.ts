import type { Result } from 'neverthrow';
import type * as z from 'zod';
import type * as zm from 'zod/mini';
import type { ServerMessageKey } from '../i18n';
import type { DeleteFailure } from '../service/records';
import type { AppContext } from './env';
import { errorReply } from './errors';
import { failureReply } from './failure';
import { replies, type ReplyDeclaration } from './reply';
import { parseJsonBody } from './validate';

/**
 * The record routes every area shares, HTTP only:
 *
 *     const { save, remove } = writes(refuse);       // how the area answers its failures
 *     routes.post('/products', created, ...requirePermission('product_create'),
 *       save(ProductInput, (c, input) => products.createProduct(c, input), created, (product) => ({ product })));
 *     routes.delete('/products/:id', ...requirePermission('product_delete'), remove((c) => products.deleteProduct(c, idParam(c))));
 *
 * - `save` parses the JSON body (its own 4xx when it is not acceptable), runs the service, and answers
 *   its value through the declared reply, or its failure through `refuse`.
 * - `remove` runs the service and answers 204, or its failure through `refuse`.
 */
export function writes<F>(refuse: (c: AppContext, failure: F) => Response) {
  return {
    save:
      <I extends z.ZodType, T, S extends zm.ZodMiniType>(
        input: I,
        run: (c: AppContext, body: z.output<I>) => Promise<Result<T, F>>,
        reply: ReplyDeclaration<S>,
        body: (saved: T, c: AppContext) => zm.input<S> | Promise<zm.input<S>>,
      ) =>
      async (c: AppContext): Promise<Response> => {
        const parsed = await parseJsonBody(c, input);
        if (parsed.isErr()) return parsed.error;
        const saved = await run(c, parsed.value);
        return saved.isErr() ? refuse(c, saved.error) : reply.send(c, await body(saved.value, c));
      },
    remove:
      (run: (c: AppContext) => Promise<Result<unknown, F>>) =>
      async (c: AppContext): Promise<Response> =>
        (await run(c)).match(
          () => c.body(null, 204),
          (failure) => refuse(c, failure),
        ),
  };
}

/** The two replies of a saved record: 201 when it was created, 200 when it was edited (the same body). */
export const savedReplies = <S extends zm.ZodMiniType>(saved: S) => ({ created: replies(saved, 201), saved: replies(saved) });

/** The replies of a record's screens: its list, its new form, its page, and the saved record (201 created, 200 edited). */
export const screenReplies = <L extends zm.ZodMiniType, N extends zm.ZodMiniType, P extends zm.ZodMiniType, S extends zm.ZodMiniType>(schemas: {
  readonly list: L;
  readonly newForm: N;
  readonly page: P;
  readonly saved: S;
}) => ({ list: replies(schemas.list), newForm: replies(schemas.newForm), page: replies(schemas.page), ...savedReplies(schemas.saved) });

/** A settings record's delete (service/records' deleteUnlessInUse): 204, 404 when there is none, 422 with `inUse` while something points at it. */
export const removeUnlessInUse = (inUse: ServerMessageKey, run: (c: AppContext) => Promise<Result<unknown, DeleteFailure>>) =>
  writes((c, failure: DeleteFailure) => failureReply(c, failure, { inUse: [422, inUse] })).remove(run);

/** A record's page: what `find` found through the declared reply (`body` shapes it), or 404 when it found none. */
export const shown =
  <T, S extends zm.ZodMiniType>(find: (c: AppContext) => Promise<T | null | undefined>, reply: ReplyDeclaration<S>, body: (found: T, c: AppContext) => zm.input<S> | Promise<zm.input<S>>) =>
  async (c: AppContext): Promise<Response> => {
    const found = await find(c);
    return found ? reply.send(c, await body(found, c)) : errorReply(c, 404, 'errors.notFound');
  };
