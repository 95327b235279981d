import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as z from 'zod/mini';
import { errorReply } from './errors';
import type { AppContext, AppEnv } from './env';

/**
 * A route's reply, declared with its wire-contract schema (contract/):
 *
 *     const productSaved = replies(ProductSavedReply, 201);
 *     routes.post('/products', productSaved, ...requirePermission('product_create'), async (c) => …
 *       return productSaved.send(c, { product });
 *
 * - `send` is `c.json` typed by the schema, with the declared status.
 * - As middleware it checks what the handler sent (whether by `send` or `c.json`) against the schema
 *   when its status is the declared one: a reply that breaks the contract — a field missing or of
 *   the wrong type, or a field the contract does not declare (the OpenAPI document says
 *   `additionalProperties: false`) — is logged and answered with a 500, so every server test holds
 *   the server to the contract the browser decodes with and API callers read.
 * - The OpenAPI document (tests/server/openapi.test.ts) finds the declaration among the route's
 *   handlers and describes the reply from the same schema.
 *
 * Checking costs a parse of each reply; it is on by default and `setReplyChecks(false)` (CHECK_REPLIES=0
 * at start) turns it off. A handler whose reply is too large to parse again on the server's thread
 * (a report's whole result, streamed: server/reports/export.ts `reportJson`) sets `replyUnchecked`;
 * the same reply's smaller pages are checked.
 */
export interface ReplyDeclaration<S extends z.ZodMiniType> extends MiddlewareHandler<AppEnv> {
  readonly replySchema: S;
  readonly replyStatus: ContentfulStatusCode;
  send(c: AppContext, body: z.input<S>, status?: ContentfulStatusCode): Response;
}

let checking = true;

/** Whether replies are checked against their declared schema (default on). */
export function setReplyChecks(on: boolean): void {
  checking = on;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields of `sent` that reading it by its schema dropped (`read` is what the schema gave back): a
 * contract object keeps only the fields it declares, so a field it dropped is one the contract does not
 * have — the OpenAPI document says `additionalProperties: false` of it, and the browser never sees it.
 */
function undeclared(sent: unknown, read: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(read)) return sent.flatMap((item, i) => undeclared(item, read[i], `${path}${path ? '.' : ''}${i}`));
  if (!isRecord(sent) || !isRecord(read)) return [];
  return Object.keys(sent).flatMap((key) => {
    const where = `${path}${path ? '.' : ''}${key}`;
    return key in read ? undeclared(sent[key], read[key], where) : [`${where}: not in the contract`];
  });
}

/**
 * What is wrong with a reply by its contract schema, as `path: problem` lines (none: it keeps the
 * contract): a field of the wrong type or missing, and a field the contract does not declare.
 */
export function replyProblems(schema: z.ZodMiniType, body: unknown): string[] {
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) return parsed.error.issues.map((issue) => `${issue.path.join('.') || '(reply)'}: ${issue.message}`);
  return undeclared(body, parsed.data, '');
}

export function replies<S extends z.ZodMiniType>(schema: S, status: ContentfulStatusCode = 200): ReplyDeclaration<S> {
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    if (!checking || c.get('replyUnchecked') || c.res.status !== status || !(c.res.headers.get('content-type') ?? '').includes('application/json')) return;
    const body: unknown = await c.res.clone().json();
    const problems = replyProblems(schema, body);
    if (problems.length === 0) return;
    console.error(`[server] ${c.req.method} ${new URL(c.req.url).pathname}: the reply breaks its contract:`, problems.slice(0, 5).join('; '));
    c.res = undefined;
    c.res = errorReply(c, 500, 'errors.server');
  };
  return Object.assign(middleware, {
    replySchema: schema,
    replyStatus: status,
    send: (c: AppContext, body: z.input<S>, sent: ContentfulStatusCode = status) => c.json(body as never, sent),
  });
}
