import type NProgressType from 'nprogress';
import type { ProgressBar } from '../../application/ports/ProgressBar';

/**
 * nprogress without its spinner, and with a template free of the ARIA roles nprogress ships
 * (`role="bar"` and `role="spinner"` are not ARIA roles and fail axe). The 250 ms delay is the
 * application's (LoadingIndicator), not nprogress's.
 */
export const PROGRESS_TEMPLATE = '<div class="bar" aria-hidden="true"><div class="peg"></div></div>';

type NProgress = typeof NProgressType;

/**
 * The bar's library is loaded when the page starts, beside the first download rather than in it
 * (the /login budget): the bar first shows 250 ms into a wait, long after it has arrived. A start
 * asked for before it is there shows when it arrives, unless the wait is already over.
 */
export class NProgressBar implements ProgressBar {
  private library: NProgress | null = null;
  private running = false;

  constructor(load: () => Promise<NProgress>) {
    load().then(
      (nprogress) => {
        // barSelector must match the template: nprogress looks for [role="bar"] by default.
        nprogress.configure({ showSpinner: false, template: PROGRESS_TEMPLATE, barSelector: '.bar', trickleSpeed: 200 });
        this.library = nprogress;
        if (this.running) nprogress.start();
      },
      () => undefined, // offline at start: no bar, the page works without it
    );
  }

  start(): void {
    this.running = true;
    this.library?.start();
  }

  done(): void {
    this.running = false;
    this.library?.done();
  }
}
