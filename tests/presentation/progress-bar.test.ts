import NProgress from 'nprogress';
import { afterEach, describe, expect, it } from 'vitest';
import { NProgressBar } from '../../infrastructure/progress/NProgressBar';

afterEach(() => {
  NProgress.remove();
});

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('NProgressBar (the real nprogress in a DOM)', () => {
  it('shows a thin bar with no spinner and no invalid ARIA roles, and removes it when done', async () => {
    const bar = new NProgressBar(() => Promise.resolve(NProgress));
    await settled();
    bar.start();
    const element = document.getElementById('nprogress');
    expect(element?.querySelector('.bar')).not.toBeNull();
    expect(element?.querySelector('.spinner')).toBeNull();
    expect(element?.querySelector('[role]')).toBeNull();
    bar.done();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(document.getElementById('nprogress')).toBeNull();
  });

  it('shows a bar asked for before the library arrived, once it arrives, and none for a wait already over', async () => {
    let arrive: (library: typeof NProgress) => void = () => undefined;
    const bar = new NProgressBar(() => new Promise((resolve) => (arrive = resolve)));
    bar.start();
    expect(document.getElementById('nprogress')).toBeNull();
    arrive(NProgress);
    await settled();
    expect(document.getElementById('nprogress')?.querySelector('.bar')).not.toBeNull();
    bar.done();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(document.getElementById('nprogress')).toBeNull();

    let late: (library: typeof NProgress) => void = () => undefined;
    const quick = new NProgressBar(() => new Promise((resolve) => (late = resolve)));
    quick.start();
    quick.done();
    late(NProgress);
    await settled();
    expect(document.getElementById('nprogress')).toBeNull();
  });

  it('works without a bar when the library cannot be loaded (offline at start)', async () => {
    const bar = new NProgressBar(() => Promise.reject(new Error('offline')));
    await settled();
    expect(() => {
      bar.start();
      bar.done();
    }).not.toThrow();
    expect(document.getElementById('nprogress')).toBeNull();
  });
});
