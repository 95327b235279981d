import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import type { AppEnv } from '../../server/http/env';
import { replies, replyProblems, setReplyChecks } from '../../server/http/reply';

const Product = z.object({ product: z.object({ id: z.number(), code: z.string() }) });

/** A tiny app with one declared reply: the handler sends what the test tells it to. */
function appSending(body: unknown, status: 200 | 201 = 201) {
  const saved = replies(Product, 201);
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('language', 'en');
    await next();
  });
  app.post('/products', saved, (c) => c.json(body as never, status));
  return { app, saved };
}

afterEach(() => {
  setReplyChecks(true);
  vi.restoreAllMocks();
});

describe('replies(): the server held to the wire contract', () => {
  it('lets a reply that matches its declared schema through unchanged', async () => {
    const { app } = appSending({ product: { id: 3, code: 'P-1' } });
    const response = await app.request('/products', { method: 'POST' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ product: { id: 3, code: 'P-1' } });
  });

  it('turns a reply that breaks its contract into a 500, and says where in the log', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { app } = appSending({ product: { id: '3', code: 'P-1' } });
    const response = await app.request('/products', { method: 'POST' });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: expect.any(String) as string });
    expect(String(log.mock.calls[0]?.[1])).toContain('product.id');
  });

  it('turns a reply carrying a field the contract does not declare into a 500, however deep (issue 31, item 13)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Listed = z.object({ items: z.array(z.object({ id: z.number(), tags: z.array(z.object({ name: z.string() })) })) });
    const listed = replies(Listed);
    const app = new Hono<AppEnv>();
    app.use(async (c, next) => {
      c.set('language', 'en');
      await next();
    });
    app.get('/top', listed, (c) => c.json({ items: [], total: 0 }));
    app.get('/deep', listed, (c) => c.json({ items: [{ id: 1, tags: [] }, { id: 2, tags: [{ name: 'a', rrule: 'FREQ=WEEKLY' }] }] }));
    app.get('/kept', listed, (c) => c.json({ items: [{ id: 1, tags: [{ name: 'a' }] }] }));
    expect((await app.request('/top')).status).toBe(500);
    expect(String(log.mock.calls[0]?.[1])).toBe('total: not in the contract');
    expect((await app.request('/deep')).status).toBe(500);
    expect(String(log.mock.calls[1]?.[1])).toBe('items.1.tags.0.rrule: not in the contract');
    expect((await app.request('/kept')).status).toBe(200);
    expect(replyProblems(Listed, { items: [{ id: 1, tags: [{ name: 'a' }] }] })).toEqual([]);
  });

  it('checks only the declared status, and not at all when checks are off', async () => {
    expect((await appSending({ other: true }, 200).app.request('/products', { method: 'POST' })).status).toBe(200);
    setReplyChecks(false);
    expect((await appSending({ product: null }).app.request('/products', { method: 'POST' })).status).toBe(201);
  });

  it('carries its schema and status for the OpenAPI document, and sends typed replies', async () => {
    const saved = replies(Product, 201);
    expect(saved.replySchema).toBe(Product);
    expect(saved.replyStatus).toBe(201);
    const app = new Hono<AppEnv>();
    app.post('/p', saved, (c) => saved.send(c, { product: { id: 1, code: 'A' } }));
    const response = await app.request('/p', { method: 'POST' });
    expect(response.status).toBe(201);
  });
});
