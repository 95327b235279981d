import { err, ok } from 'neverthrow';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Decode } from '../../application/api/ApiClient';
import { ADMIN, createCore } from '../support/fakes';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A decoder as the HTTP adapters make them from the contract: a number under `n`, or what is wrong. */
const decodeCount: Decode<number> = (body) =>
  typeof body === 'object' && body !== null && typeof (body as { n?: unknown }).n === 'number' ? ok((body as { n: number }).n) : err(['n: expected number']);

describe('ApiClient.call: a reply decoded by the wire contract', () => {
  it('hands the caller the decoded value', async () => {
    const { api, navigator } = createCore({ handler: () => ({ status: 200, body: { n: 42 } }) });
    const result = await api.call({ method: 'GET', path: '/api/count' }, decodeCount);
    expect(result._unsafeUnwrap()).toBe(42);
    expect(navigator.history).toEqual([]);
  });

  it('makes a reply that does not match an error (never a default), and leads to the server error page', async () => {
    const { api, navigator, currentUser } = createCore({ user: ADMIN, start: '/clients', handler: () => ({ status: 200, body: { n: 'forty-two' } }) });
    currentUser.restore();
    const result = await api.call({ method: 'GET', path: '/api/count' }, decodeCount);
    expect(result.isErr() && result.error).toEqual({ code: 'malformedReply', message: '', issues: ['n: expected number'] });
    expect(navigator.history).toEqual([{ kind: 'push', url: '/error-500' }]);
  });

  it('keeps a background call on its page when the reply is malformed', async () => {
    const { api, navigator } = createCore({ start: '/calendar', handler: () => ({ status: 200, body: [] }) });
    const result = await api.call({ method: 'GET', path: '/api/count' }, decodeCount, { navigateOnError: false });
    expect(result.isErr() && result.error.code).toBe('malformedReply');
    expect(navigator.history).toEqual([]);
  });

  it('does not decode a failure: a 422 stays a validation error with the rule that refused it and its figures', async () => {
    const body = { message: 'The receipts would exceed the invoice total.', errors: { amount: ['The receipts would exceed the invoice total.'] }, reason: 'receiptExceedsOrderTotal', details: { maxCents: 120000 } };
    const { api } = createCore({ handler: () => ({ status: 422, body }) });
    const result = await api.call({ method: 'POST', path: '/api/orders/1/receipts', body: {} }, decodeCount);
    expect(result.isErr() && result.error).toEqual({
      code: 'validation',
      message: body.message,
      fields: body.errors,
      reason: 'receiptExceedsOrderTotal',
      details: { maxCents: 120000 },
    });
  });
});
