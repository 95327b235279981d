import { describe, expect, it } from 'vitest';
import { DownloadService } from '../../application/downloads/DownloadService';
import { ADMIN, createCore, MemoryFileSaver } from '../support/fakes';

describe('DownloadService', () => {
  it('asks for the file through the transport and saves it under the name the server gave', async () => {
    const blob = new Blob(['a,b\r\n'], { type: 'text/csv' });
    const { api, transport } = createCore({ handler: () => ({ status: 200, body: { blob, name: 'orders-2026-11-23.csv' } }) });
    const saver = new MemoryFileSaver();
    const result = await new DownloadService(api, saver).download('/api/orders?format=csv');
    expect(result._unsafeUnwrap()).toBe('orders-2026-11-23.csv');
    expect(transport.requests).toEqual([{ method: 'GET', path: '/api/orders?format=csv', expect: 'file' }]);
    expect(saver.saved).toEqual([{ name: 'orders-2026-11-23.csv', file: blob }]);
  });

  it('names a file the server left unnamed after its address', async () => {
    const blob = new Blob(['x']);
    const { api } = createCore({ handler: () => ({ status: 200, body: { blob, name: null } }) });
    const saver = new MemoryFileSaver();
    await new DownloadService(api, saver).download('/api/attachments/4/download?x=1');
    expect(saver.saved.map((s) => s.name)).toEqual(['download']);
  });

  it('saves nothing when the server refuses, and the error takes the catalogue course (403 → the forbidden page)', async () => {
    const { api, navigator, currentUser } = createCore({ user: ADMIN, start: '/orders', handler: () => ({ status: 403, body: { message: 'no' } }) });
    currentUser.restore();
    const saver = new MemoryFileSaver();
    const result = await new DownloadService(api, saver).download('/api/orders?format=csv');
    expect(result.isErr() && result.error.code).toBe('forbidden');
    expect(saver.saved).toEqual([]);
    expect(navigator.history).toEqual([{ kind: 'replace', url: '/error-403' }]);
  });

  it('treats a reply that is not a file as a server fault and saves nothing', async () => {
    const { api } = createCore({ handler: () => ({ status: 200, body: { message: '' } }) });
    const saver = new MemoryFileSaver();
    const result = await new DownloadService(api, saver).download('/api/orders?format=csv');
    expect(result.isErr() && result.error.code).toBe('server');
    expect(saver.saved).toEqual([]);
  });
});
