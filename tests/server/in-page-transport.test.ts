import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_PAGE_COOKIE_HEADERS } from '../../infrastructure/fake-backend/cookieHeaders';
import { CookieJar } from '../../infrastructure/fake-backend/CookieJar';
import { InPageServerTransport, splitSetCookies } from '../../infrastructure/fake-backend/InPageServerTransport';
import { ObjectUrlFileAddresses } from '../../infrastructure/fake-backend/ObjectUrlFileAddresses';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(undefined, { cookieHeaders: IN_PAGE_COOKIE_HEADERS });
});
afterAll(async () => {
  await server.close();
});

const memory = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
};

describe('the fake backend transport', () => {
  it('signs in and stays signed in through the in-page server, with the session and XSRF cookies in its jar', async () => {
    const storage = memory();
    const transport = new InPageServerTransport(() => Promise.resolve(server.app), new CookieJar(storage), () => 'en');
    expect((await transport.send({ method: 'GET', path: '/api/heartbeat' }))._unsafeUnwrap()).toEqual({ status: 200, body: { auth: false } });
    const login = (await transport.send({ method: 'POST', path: '/api/login', body: { email: 'admin@example.com', password: 'Admin1234' } }))._unsafeUnwrap();
    expect(login.status).toBe(200);
    expect((await transport.send({ method: 'GET', path: '/api/heartbeat' }))._unsafeUnwrap().body).toEqual({ auth: true });
    const areas = (await transport.send({ method: 'GET', path: '/api/areas' }))._unsafeUnwrap();
    expect(areas.body).toHaveLength(18);

    // A reload keeps the session: a new transport with the same tab storage.
    const again = new InPageServerTransport(() => Promise.resolve(server.app), new CookieJar(storage), () => 'en');
    expect((await again.send({ method: 'GET', path: '/api/heartbeat' }))._unsafeUnwrap().body).toEqual({ auth: true });
  });

  it('hands a CSV export back as a file with the name the server gave it, with no network', async () => {
    const transport = new InPageServerTransport(() => Promise.resolve(server.app), new CookieJar(memory()), () => 'en');
    await transport.send({ method: 'GET', path: '/api/csrf-cookie' });
    await transport.send({ method: 'POST', path: '/api/login', body: { email: 'admin@example.com', password: 'Admin1234' } });
    const reply = (await transport.send({ method: 'GET', path: '/api/quotations?format=csv', expect: 'file' }))._unsafeUnwrap();
    expect(reply.status).toBe(200);
    const file = reply.body as { blob: Blob; name: string | null };
    expect(file.name).toMatch(/^quotations-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await file.blob.text();
    expect(text.split('\r\n')[0]).toContain('Number');
    expect(text.split('\r\n').filter(Boolean).length).toBeGreaterThan(1);

    // A refusal is still read as the server's JSON message.
    const signedOut = new InPageServerTransport(() => Promise.resolve(server.app), new CookieJar(memory()), () => 'en');
    const refused = (await signedOut.send({ method: 'GET', path: '/api/quotations?format=csv', expect: 'file' }))._unsafeUnwrap();
    expect(refused.status).toBe(401);
    expect(typeof (refused.body as { message?: unknown }).message).toBe('string');
  });

  it('shows a stored picture from a blob: address of the very bytes uploaded, fetched through the in-page server', async () => {
    const transport = new InPageServerTransport(() => Promise.resolve(server.app), new CookieJar(memory()), () => 'en');
    await transport.send({ method: 'GET', path: '/api/csrf-cookie' });
    await transport.send({ method: 'POST', path: '/api/login', body: { email: 'admin@example.com', password: 'Admin1234' } });
    const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/cI9U2wAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
    const uploaded = (await transport.send({ method: 'PUT', path: '/api/user/profile-photo', body: new Blob([png], { type: 'image/png' }) }))._unsafeUnwrap();
    expect(uploaded.status).toBe(200);
    const photoUrl = (uploaded.body as { profile: { photoUrl: string } }).profile.photoUrl;
    expect(photoUrl).toMatch(/^\/api\/user\/profile-photo\/\d+\?v=/);

    const made: Blob[] = [];
    const timer = { setTimeout: () => () => undefined, setInterval: () => () => undefined };
    const addresses = new ObjectUrlFileAddresses(transport, { create: (blob) => `blob:test/${made.push(blob)}`, revoke: () => undefined }, timer);
    expect(await addresses.hold(photoUrl).ready).toBe('blob:test/1');
    expect(made[0]?.type).toBe('image/png');
    expect(new Uint8Array(await made[0]!.arrayBuffer())).toEqual(png);

    // Signed out, the picture is refused and nothing is shown.
    const signedOut = new ObjectUrlFileAddresses(new InPageServerTransport(() => Promise.resolve(server.app), new CookieJar(memory()), () => 'en'), { create: () => 'blob:never', revoke: () => undefined }, timer);
    expect(await signedOut.hold(photoUrl).ready).toBeNull();
  });

  it('sends nothing in the Cookie header the browser would drop', async () => {
    const seen: string[] = [];
    const transport = new InPageServerTransport(
      () =>
        Promise.resolve({
          fetch: (request: Request) => {
            seen.push(`${request.headers.get('cookie')}|${request.headers.get(IN_PAGE_COOKIE_HEADERS.request)}`);
            return new Response('{}', { headers: { [IN_PAGE_COOKIE_HEADERS.response]: 'a=1; Path=/, b=2; Expires=Thu, 01 Jan 2099 00:00:00 GMT' } });
          },
        } as never),
      new CookieJar(null),
      () => 'en',
    );
    await transport.send({ method: 'GET', path: '/api/x' });
    await transport.send({ method: 'GET', path: '/api/x' });
    expect(seen).toEqual(['null|null', 'null|a=1; b=2']);
  });

  it('splits joined Set-Cookie values without breaking an Expires date', () => {
    expect(splitSetCookies('a=1; Path=/, b=2; Expires=Thu, 01 Jan 2099 00:00:00 GMT; HttpOnly')).toEqual(['a=1; Path=/', 'b=2; Expires=Thu, 01 Jan 2099 00:00:00 GMT; HttpOnly']);
  });
});
