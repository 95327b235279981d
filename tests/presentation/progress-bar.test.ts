import NProgress from 'nprogress';
import { afterEach, describe, expect, it } from 'vitest';
import { NProgressBar } from '../../infrastructure/progress/NProgressBar';

afterEach(() => {
  NProgress.remove();
});

describe('NProgressBar (the real nprogress in a DOM)', () => {
  it('shows a thin bar with no spinner and no invalid ARIA roles, and removes it when done', async () => {
    const bar = new NProgressBar(NProgress);
    bar.start();
    const element = document.getElementById('nprogress');
    expect(element?.querySelector('.bar')).not.toBeNull();
    expect(element?.querySelector('.spinner')).toBeNull();
    expect(element?.querySelector('[role]')).toBeNull();
    bar.done();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(document.getElementById('nprogress')).toBeNull();
  });
});
