import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backgroundTurn, MAX_WAIT_MS, Pacer, setPacing, TICK_MS, type MeasureUse, type Utilisation } from '../../server/http/pacing';

/**
 * The pacing of reports' and exports' chunks by how busy the server's thread is
 * (server/http/pacing.ts), with the thread's use played by a script and the clock by fake timers.
 */

/** A thread whose share of busy time, from now on, is `share()`. */
function thread(share: () => number): MeasureUse {
  let active = 0;
  let at = Date.now();
  const totals = (): Utilisation => {
    const now = Date.now();
    active += (now - at) * share();
    at = now;
    return { idle: now - active, active, utilization: 0 };
  };
  return (current, previous) => {
    if (!current) return totals();
    const active = current.active - (previous?.active ?? 0);
    const idle = current.idle - (previous?.idle ?? 0);
    return { idle, active, utilization: active + idle === 0 ? 0 : active / (active + idle) };
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('background turns', () => {
  it('are given at once where the thread cannot be measured (the in-page backend)', async () => {
    await expect(new Pacer(undefined).turn()).resolves.toBeUndefined();
  });

  it('are given one per tick, in order of asking, while the thread is mostly idle', async () => {
    const pacer = new Pacer(thread(() => 0.1), () => Date.now());
    const given: number[] = [];
    for (const n of [1, 2, 3]) void pacer.turn().then(() => given.push(n));
    await vi.advanceTimersByTimeAsync(TICK_MS);
    expect(given).toEqual([1]);
    await vi.advanceTimersByTimeAsync(2 * TICK_MS);
    expect(given).toEqual([1, 2, 3]);
  });

  it('wait while the thread is busy, yet each goes after MAX_WAIT_MS at the latest', async () => {
    const pacer = new Pacer(thread(() => 0.95), () => Date.now());
    let given = false;
    void pacer.turn().then(() => (given = true));
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS - 2 * TICK_MS);
    expect(given).toBe(false);
    await vi.advanceTimersByTimeAsync(3 * TICK_MS);
    expect(given).toBe(true);
  });

  it('go again as soon as the thread calms down', async () => {
    let share = 0.95;
    const pacer = new Pacer(thread(() => share), () => Date.now());
    let given = false;
    void pacer.turn().then(() => (given = true));
    await vi.advanceTimersByTimeAsync(10 * TICK_MS);
    expect(given).toBe(false);
    share = 0;
    await vi.advanceTimersByTimeAsync(5 * TICK_MS);
    expect(given).toBe(true);
  });
});

describe("the server's pacing", () => {
  it('gives turns after measuring the thread when on, and at once when off', async () => {
    vi.useRealTimers();
    setPacing(true);
    try {
      let given = false;
      const turn = backgroundTurn().then(() => (given = true));
      expect(given).toBe(false);
      await turn;
      expect(given).toBe(true);
    } finally {
      setPacing(false);
    }
    await expect(backgroundTurn()).resolves.toBeUndefined();
  });
});
