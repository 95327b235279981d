import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ObjectUrlFileAddresses, RELEASE_AFTER_MS } from '../../infrastructure/fake-backend/ObjectUrlFileAddresses';
import { DirectFileAddresses } from '../../infrastructure/http/DirectFileAddresses';
import { FakeObjectUrls, FakeTransport, globalTimer, type Handler } from '../support/fakes';

const PHOTO = '/api/user/profile-photo/1?v=abcd1234';
const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
const file: Handler = () => ({ status: 200, body: { blob: png(), name: null } });

describe('DirectFileAddresses (the real server)', () => {
  it('shows a stored file from its own address, at once and with no request of its own', async () => {
    const addresses = new DirectFileAddresses();
    expect(addresses.peek(PHOTO)).toBe(PHOTO);
    const held = addresses.hold(PHOTO);
    expect(held.now).toBe(PHOTO);
    expect(await held.ready).toBe(PHOTO);
    held.release();
  });
});

describe('ObjectUrlFileAddresses (the back end in the page)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setUp = (handler: Handler = file) => {
    const transport = new FakeTransport(handler);
    const urls = new FakeObjectUrls();
    return { transport, urls, addresses: new ObjectUrlFileAddresses(transport, urls, globalTimer) };
  };

  it('fetches the file through the transport and shows it from a blob: address of its bytes', async () => {
    const { transport, urls, addresses } = setUp();
    expect(addresses.peek(PHOTO)).toBeNull();
    const held = addresses.hold(PHOTO);
    expect(held.now).toBeNull();
    expect(await held.ready).toBe('blob:fake/1');
    expect(transport.requests).toEqual([{ method: 'GET', path: PHOTO, expect: 'file' }]);
    expect(urls.created).toHaveLength(1);
    expect(urls.created[0]?.blob.type).toBe('image/png');
    expect(addresses.peek(PHOTO)).toBe('blob:fake/1');
  });

  it('shares one fetch and one address among everyone showing the file, and revokes it once nobody has for a while', async () => {
    const { transport, urls, addresses } = setUp();
    const first = addresses.hold(PHOTO);
    const second = addresses.hold(PHOTO);
    expect(await first.ready).toBe('blob:fake/1');
    expect(await second.ready).toBe('blob:fake/1');
    expect(addresses.hold(PHOTO).now).toBe('blob:fake/1');
    expect(transport.requests).toHaveLength(1);

    first.release();
    first.release(); // a second release of the same hold counts once
    vi.advanceTimersByTime(RELEASE_AFTER_MS * 2);
    expect(urls.revoked).toEqual([]);

    second.release();
    vi.advanceTimersByTime(RELEASE_AFTER_MS * 2);
    expect(urls.revoked).toEqual([]); // the third hold above still shows it
  });

  it('revokes the address after the last release, and fetches the file again when it is shown later', async () => {
    const { transport, urls, addresses } = setUp();
    const held = addresses.hold(PHOTO);
    await held.ready;
    held.release();
    vi.advanceTimersByTime(RELEASE_AFTER_MS - 1);
    expect(urls.revoked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(urls.revoked).toEqual(['blob:fake/1']);
    expect(addresses.peek(PHOTO)).toBeNull();

    expect(await addresses.hold(PHOTO).ready).toBe('blob:fake/2');
    expect(transport.requests).toHaveLength(2);
  });

  it('lets a screen opened right after the last one left take the address over (no new fetch, nothing revoked)', async () => {
    const { transport, urls, addresses } = setUp();
    const before = addresses.hold(PHOTO);
    await before.ready;
    before.release();
    vi.advanceTimersByTime(RELEASE_AFTER_MS / 2);
    const after = addresses.hold(PHOTO);
    expect(after.now).toBe('blob:fake/1');
    vi.advanceTimersByTime(RELEASE_AFTER_MS * 2);
    expect(urls.revoked).toEqual([]);
    expect(transport.requests).toHaveLength(1);
    after.release();
    vi.advanceTimersByTime(RELEASE_AFTER_MS);
    expect(urls.revoked).toEqual(['blob:fake/1']);
  });

  it('makes no address for a file given up before it arrived', async () => {
    let arrive: () => void = () => undefined;
    const { urls, addresses } = setUp(() => new Promise((resolve) => (arrive = () => resolve({ status: 200, body: { blob: png(), name: null } }))));
    const held = addresses.hold(PHOTO);
    held.release();
    vi.advanceTimersByTime(RELEASE_AFTER_MS);
    arrive();
    expect(await held.ready).toBeNull();
    expect(urls.created).toEqual([]);
  });

  it('shows nothing for a file the server refuses or cannot send, and asks again once it is shown anew', async () => {
    let answer: ReturnType<Handler> = { status: 404, body: { message: 'Not found' } };
    const { transport, urls, addresses } = setUp(() => answer);
    const refused = addresses.hold(PHOTO);
    expect(await refused.ready).toBeNull();
    expect(addresses.peek(PHOTO)).toBeNull();
    refused.release();
    vi.advanceTimersByTime(RELEASE_AFTER_MS);

    answer = 'no-response';
    const unreachable = addresses.hold(PHOTO);
    expect(await unreachable.ready).toBeNull();
    unreachable.release();
    vi.advanceTimersByTime(RELEASE_AFTER_MS);

    answer = { status: 200, body: { blob: png(), name: null } };
    expect(await addresses.hold(PHOTO).ready).toBe('blob:fake/1');
    expect(transport.requests).toHaveLength(3);
    expect(urls.revoked).toEqual([]);
  });

  it('shows an address that is not the back end’s (data:, blob:) as it is, with no request', async () => {
    const { transport, addresses } = setUp();
    const signature = 'data:image/png;base64,iVBORw0KGgo=';
    expect(addresses.peek(signature)).toBe(signature);
    expect(await addresses.hold(signature).ready).toBe(signature);
    expect(transport.requests).toEqual([]);
  });
});
