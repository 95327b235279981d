import { describe, expect, it, vi } from 'vitest';
import { serverForTests, TestAgent } from './harness';

/** Issue 18: a request body is refused before it can fill the server's memory, in either language. */
const server = serverForTests();

const MB = 1024 * 1024;

/** A JSON body of about `bytes` bytes, handed over a chunk at a time as the server asks for it. */
function streamedLogin(agent: TestAgent, bytes: number, declared: 'declared' | 'chunked', language = 'en') {
  const CHUNK = 64 * 1024;
  let pulled = 0;
  const head = new TextEncoder().encode('{"email":"admin@example.com","password":"');
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === 0) {
        pulled += head.length;
        return controller.enqueue(head);
      }
      if (pulled >= bytes) {
        controller.enqueue(new TextEncoder().encode('"}'));
        return controller.close();
      }
      pulled += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x61));
    },
  });
  const headers: Record<string, string> = {
    Cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN') ?? '',
    'Content-Type': 'application/json',
    'Accept-Language': language,
  };
  if (declared === 'declared') headers['Content-Length'] = String(bytes + head.length + 2);
  const request = new Request('http://localhost/api/login', { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
  return { response: server.app.request(request), pulled: () => pulled };
}

describe('request bodies', () => {
  it('refuses a JSON body over 1 MB with 413 in the caller’s language, before reading it when its size is declared', async () => {
    const agent = new TestAgent(server);
    await agent.get('/api/csrf-cookie');
    const declared = streamedLogin(agent, 100 * MB, 'declared');
    const reply = await declared.response;
    expect(reply.status).toBe(413);
    expect(((await reply.json()) as { message: string }).message).toBe('The request is too large: at most 1 MB can be sent at once.');
    expect(declared.pulled()).toBeLessThanOrEqual(64 * 1024 + 64);

    const zhAgent = new TestAgent(server, 'zh-HK');
    await zhAgent.get('/api/csrf-cookie');
    const chinese = streamedLogin(zhAgent, 100 * MB, 'declared', 'zh-HK');
    const zh = await chinese.response;
    expect(zh.status).toBe(413);
    expect(((await zh.json()) as { message: string }).message).toBe('請求內容過大：每次最多可傳送 1MB。');
  });

  it('stops reading a chunked JSON body (no Content-Length) at the limit and refuses it with 413', async () => {
    const agent = new TestAgent(server);
    await agent.get('/api/csrf-cookie');
    const chunked = streamedLogin(agent, 100 * MB, 'chunked');
    const reply = await chunked.response;
    expect(reply.status).toBe(413);
    expect(chunked.pulled()).toBeLessThanOrEqual(MB + 3 * 64 * 1024);
  });

  it('still takes a JSON body under the limit', async () => {
    const agent = new TestAgent(server);
    await agent.get('/api/csrf-cookie');
    const reply = await streamedLogin(agent, 512 * 1024, 'chunked').response;
    // Read and judged: the password is wrong (or too long), never "too large".
    expect(reply.status).toBe(422);
  });

  it('refuses JSON nested 5,000 deep with 422 and a message, logging no server error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const agent = new TestAgent(server);
      await agent.get('/api/csrf-cookie');
      for (const deep of ['['.repeat(5000) + ']'.repeat(5000), `{"email":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)},"password":"x"}`]) {
        const reply = await agent.post('/api/login', deep);
        expect(reply.status).toBe(422);
        expect(reply.body?.message).toBe('The request nests too deeply to be read.');
      }
      const zhAgent = new TestAgent(server, 'zh-HK');
      await zhAgent.get('/api/csrf-cookie');
      const zh = await zhAgent.post('/api/register', '['.repeat(5000) + ']'.repeat(5000));
      expect(zh.status).toBe(422);
      expect(zh.body?.message).toBe('請求內容的層次過深，無法讀取。');
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('still reads ordinary nesting and strings full of brackets', async () => {
    const agent = new TestAgent(server);
    await agent.get('/api/csrf-cookie');
    const reply = await agent.post('/api/login', { email: 'admin@example.com', password: '[[[[{{{{'.repeat(100) });
    expect(reply.status).toBe(422);
    expect(reply.body?.errors).toEqual({ email: ['These credentials do not match our records.'] });
  });
});
