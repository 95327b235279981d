import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingIndicator, PROGRESS_DELAY_MS } from '../../application/progress/LoadingIndicator';
import { FakeProgressBar, globalTimer } from '../support/fakes';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LoadingIndicator', () => {
  it('waits 250 ms before showing the bar', () => {
    expect(PROGRESS_DELAY_MS).toBe(250);
    const bar = new FakeProgressBar();
    const loading = new LoadingIndicator(bar, globalTimer);
    loading.begin();
    vi.advanceTimersByTime(249);
    expect(bar.calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(bar.calls).toEqual(['start']);
  });

  it('shows one bar for overlapping work and hides it when the last piece ends', () => {
    const bar = new FakeProgressBar();
    const loading = new LoadingIndicator(bar, globalTimer);
    const endA = loading.begin();
    vi.advanceTimersByTime(100);
    const endB = loading.begin();
    vi.advanceTimersByTime(200);
    expect(bar.calls).toEqual(['start']);
    endA();
    expect(bar.calls).toEqual(['start']);
    endB();
    expect(bar.calls).toEqual(['start', 'done']);
  });

  it('counts an end called twice only once', () => {
    const bar = new FakeProgressBar();
    const loading = new LoadingIndicator(bar, globalTimer);
    const endA = loading.begin();
    loading.begin();
    vi.advanceTimersByTime(300);
    endA();
    endA();
    expect(bar.calls).toEqual(['start']);
  });
});
