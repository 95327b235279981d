import type { Cancel, Timer } from '../../application/ports/Timer';

/** The four timer functions of a window (or Node's globals); Id is what they hand back. */
export interface TimerHost<Id> {
  setTimeout(callback: () => void, ms: number): Id;
  clearTimeout(id: Id): void;
  setInterval(callback: () => void, ms: number): Id;
  clearInterval(id: Id): void;
}

/** Timer over the host's own timer functions (window in the browser). */
export class WindowTimer<Id> implements Timer {
  constructor(private readonly host: TimerHost<Id>) {}

  setTimeout(callback: () => void, ms: number): Cancel {
    const id = this.host.setTimeout(callback, ms);
    return () => this.host.clearTimeout(id);
  }

  setInterval(callback: () => void, ms: number): Cancel {
    const id = this.host.setInterval(callback, ms);
    return () => this.host.clearInterval(id);
  }
}
