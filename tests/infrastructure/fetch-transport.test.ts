import { describe, expect, it } from 'vitest';
import { FetchApiTransport, fileNameOf, readCookie } from '../../infrastructure/http/FetchApiTransport';

function fakeFetch(response: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = ((url: string, init: RequestInit) => {
    calls.push({ url, init });
    return Promise.resolve().then(response);
  }) as unknown as typeof fetch;
  return { fetchFn, calls };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('FetchApiTransport', () => {
  it('sends relative paths with credentials, the query appended, and the interface language', async () => {
    const { fetchFn, calls } = fakeFetch(() => json(200, { items: [] }));
    const transport = new FetchApiTransport(fetchFn, () => '', () => 'zh-HK');
    const result = await transport.send({ method: 'GET', path: '/api/clients', query: { page: 2, q: '陳 大文', empty: undefined, tags: ['a', 'b'] } });
    expect(result.isOk() && result.value).toEqual({ status: 200, body: { items: [] } });
    expect(calls[0]?.url).toBe('/api/clients?page=2&q=%E9%99%B3+%E5%A4%A7%E6%96%87&tags=a&tags=b');
    expect(calls[0]?.init.credentials).toBe('include');
    expect((calls[0]?.init.headers as Record<string, string>)['Accept-Language']).toBe('zh-HK');
    expect(calls[0]?.init.signal).toBeUndefined();
  });

  it('echoes the XSRF-TOKEN cookie as X-XSRF-TOKEN on state-changing requests only', async () => {
    const { fetchFn, calls } = fakeFetch(() => json(200, {}));
    const transport = new FetchApiTransport(fetchFn, () => 'theme=x; XSRF-TOKEN=abc%3D%3D; other=1', () => 'en');
    await transport.send({ method: 'POST', path: '/api/login', body: { email: 'a' } });
    await transport.send({ method: 'GET', path: '/api/heartbeat' });
    const post = calls[0]?.init.headers as Record<string, string>;
    expect(post['X-XSRF-TOKEN']).toBe('abc==');
    expect(post['Content-Type']).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"email":"a"}');
    expect((calls[1]?.init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBeUndefined();
    await transport.send({ method: 'PUT', path: '/api/user/profile', body: {} });
    await transport.send({ method: 'DELETE', path: '/api/areas/1' });
    expect((calls[2]?.init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('abc==');
    expect((calls[3]?.init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('abc==');
  });

  it('sends a file as it is, with its own type', async () => {
    const { fetchFn, calls } = fakeFetch(() => json(200, {}));
    const file = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
    await new FetchApiTransport(fetchFn, () => 'XSRF-TOKEN=t', () => 'en').send({ method: 'PUT', path: '/api/user/profile-photo', body: file });
    expect(calls[0]?.init.body).toBe(file);
    expect((calls[0]?.init.headers as Record<string, string>)['Content-Type']).toBe('image/png');
  });

  it('hands back error statuses as responses, with their body', async () => {
    const { fetchFn } = fakeFetch(() => json(422, { message: 'bad' }));
    const result = await new FetchApiTransport(fetchFn, () => '', () => 'en').send({ method: 'POST', path: '/api/x' });
    expect(result.isOk() && result.value).toEqual({ status: 422, body: { message: 'bad' } });
  });

  it('reads an empty body as null', async () => {
    const { fetchFn } = fakeFetch(() => new Response(null, { status: 204 }));
    const result = await new FetchApiTransport(fetchFn, () => '', () => 'en').send({ method: 'POST', path: '/api/logout' });
    expect(result.isOk() && result.value).toEqual({ status: 204, body: null });
  });

  it('hands back a download as the file itself with the name the server gave, and an error reply still as JSON', async () => {
    const csv = '\uFEFFNumber\r\nQ-1\r\n';
    const { fetchFn, calls } = fakeFetch(() => new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="quotations-2026-11-23.csv"' } }));
    const transport = new FetchApiTransport(fetchFn, () => '', () => 'en');
    const result = (await transport.send({ method: 'GET', path: '/api/quotations?format=csv', expect: 'file' }))._unsafeUnwrap();
    expect(calls[0]?.url).toBe('/api/quotations?format=csv');
    expect((calls[0]?.init.headers as Record<string, string>).Accept).toBe('*/*');
    expect(result.status).toBe(200);
    const file = result.body as { blob: Blob; name: string | null };
    expect(file.name).toBe('quotations-2026-11-23.csv');
    expect(file.blob.type).toBe('text/csv;charset=utf-8');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new TextEncoder().encode(csv));

    const refused = await new FetchApiTransport(fakeFetch(() => json(403, { message: 'no' })).fetchFn, () => '', () => 'en').send({ method: 'GET', path: '/api/x', expect: 'file' });
    expect(refused._unsafeUnwrap()).toEqual({ status: 403, body: { message: 'no' } });
  });

  it('reports no response when fetch itself fails', async () => {
    const { fetchFn } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = await new FetchApiTransport(fetchFn, () => '', () => 'en').send({ method: 'GET', path: '/api/heartbeat' });
    expect(result.isErr() && result.error).toEqual({ code: 'network' });
  });
});

describe('fileNameOf', () => {
  it('reads the name a Content-Disposition header suggests, the UTF-8 form first', () => {
    expect(fileNameOf('attachment; filename="report.csv"')).toBe('report.csv');
    expect(fileNameOf('attachment; filename=report.xlsx')).toBe('report.xlsx');
    expect(fileNameOf("attachment; filename=\"a.csv\"; filename*=UTF-8''%E5%A0%B1%E8%A1%A8.csv")).toBe('報表.csv');
    expect(fileNameOf('inline')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; XSRF-TOKEN=x%2By; b=2', 'XSRF-TOKEN')).toBe('x+y');
    expect(readCookie('a=1', 'XSRF-TOKEN')).toBeNull();
  });
});
