import type { Cancel, Timer } from '../ports/Timer';
import type { ProgressBar } from '../ports/ProgressBar';

/** Spec §9: the bar appears only when loading lasts longer than this. */
export const PROGRESS_DELAY_MS = 250;

/**
 * Shows the progress bar while any tracked work is under way, but only after 250 ms, so quick
 * answers never flash it. Overlapping work shares one bar.
 */
export class LoadingIndicator {
  private active = 0;
  private pending: Cancel | null = null;
  private shown = false;

  constructor(
    private readonly bar: ProgressBar,
    private readonly timer: Timer,
  ) {}

  /** Marks the start of some work; call the returned function once it ends, however it ends. */
  begin(): () => void {
    this.active += 1;
    if (this.active === 1 && !this.shown) {
      this.pending = this.timer.setTimeout(() => {
        this.pending = null;
        this.shown = true;
        this.bar.start();
      }, PROGRESS_DELAY_MS);
    }
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.active -= 1;
      if (this.active > 0) return;
      this.pending?.();
      this.pending = null;
      if (this.shown) {
        this.shown = false;
        this.bar.done();
      }
    };
  }
}
