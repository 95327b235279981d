import { describe, expect, it } from 'vitest';
import { trackInFlight } from '../../server/node/drain';

describe('shutting down with requests still running', () => {
  it('waits for the requests in flight before it is idle, and says when it gave up waiting', async () => {
    const gates: (() => void)[] = [];
    const slow = (request: Request) => new Promise<Response>((resolve) => gates.push(() => resolve(new Response(new URL(request.url).pathname))));
    const tracked = trackInFlight(slow);
    expect(await tracked.idle(10)).toBe(true);
    const first = tracked.fetch(new Request('http://x/one'));
    const second = tracked.fetch(new Request('http://x/two'));
    expect(tracked.inFlight).toBe(2);
    let idle = false;
    const waiting = tracked.idle(5_000).then((finished) => {
      idle = finished;
    });
    gates[0]!();
    expect(await (await first).text()).toBe('/one');
    await Promise.resolve();
    expect(idle).toBe(false);
    gates[1]!();
    expect(await (await second).text()).toBe('/two');
    await waiting;
    expect(idle).toBe(true);
    expect(tracked.inFlight).toBe(0);

    const stuck = trackInFlight(() => new Promise<Response>(() => undefined));
    void stuck.fetch(new Request('http://x/never'));
    expect(await stuck.idle(20)).toBe(false);
  });

  it('counts a request that fails as finished', async () => {
    const tracked = trackInFlight(() => Promise.reject(new Error('boom')));
    await expect(tracked.fetch(new Request('http://x/'))).rejects.toThrow('boom');
    expect(tracked.inFlight).toBe(0);
    expect(await tracked.idle(10)).toBe(true);
  });
});
