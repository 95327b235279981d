import type NProgressType from 'nprogress';
import type { ProgressBar } from '../../application/ports/ProgressBar';

/**
 * nprogress without its spinner, and with a template free of the ARIA roles nprogress ships
 * (`role="bar"` and `role="spinner"` are not ARIA roles and fail axe). The 250 ms delay is the
 * application's (LoadingIndicator), not nprogress's.
 */
export const PROGRESS_TEMPLATE = '<div class="bar" aria-hidden="true"><div class="peg"></div></div>';

export class NProgressBar implements ProgressBar {
  constructor(private readonly nprogress: typeof NProgressType) {
    // barSelector must match the template: nprogress looks for [role="bar"] by default.
    nprogress.configure({ showSpinner: false, template: PROGRESS_TEMPLATE, barSelector: '.bar', trickleSpeed: 200 });
  }

  start(): void {
    this.nprogress.start();
  }

  done(): void {
    this.nprogress.done();
  }
}
