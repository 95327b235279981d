/**
 * Pacing of background work (a report's or export's next chunk of rows) by how busy the server's
 * thread is. Every request shares one JavaScript thread: four Excel files written at once keep it
 * busy all the time, and then each of a person's queries waits its turn behind a queue of chunks
 * being turned into cells and XML (on PostgreSQL a save took up to 0.5 s so). Before each chunk a
 * report or export asks `backgroundTurn()`: turns are given one per tick, only while the thread's
 * recent use stays under `BUSY`, so people's requests find it free soon; a turn that has waited
 * `MAX_WAIT_MS` goes anyway, so a file always gets written.
 *
 * The thread's use is Node's event-loop utilisation; where there is none (the in-page backend in a
 * browser), or the pacing is off (`setPacing`), every turn is given at once.
 */

/** Above this share of the recent time the thread was busy, background turns wait. */
export const BUSY = 0.75;
/** How often the thread's use is measured and one waiting turn may go. */
export const TICK_MS = 10;
/** The longest one turn waits, however busy the thread. */
export const MAX_WAIT_MS = 300;

/** Node's `performance.eventLoopUtilization`: with no arguments the totals so far, with two the difference. */
export interface Utilisation {
  readonly idle: number;
  readonly active: number;
  readonly utilization: number;
}
export type MeasureUse = (current?: Utilisation, previous?: Utilisation) => Utilisation;

export class Pacer {
  /** The thread's use over the last few ticks (smoothed), from 0 (idle) to 1 (busy all the time). */
  private recent = 0;
  private last: Utilisation | undefined;
  private fresh = true;
  private readonly waiting: { since: number; go: () => void }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly measure: MeasureUse | undefined,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Resolves when a report or export may work on its next chunk (see above). */
  turn(): Promise<void> {
    const measure = this.measure;
    if (!measure) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiting.push({ since: this.now(), go: resolve });
      if (!this.timer) {
        this.last = measure();
        this.fresh = true;
        this.timer = setTimeout(() => this.tick(measure), TICK_MS);
      }
    });
  }

  private tick(measure: MeasureUse): void {
    this.timer = null;
    const current = measure();
    const use = this.last ? measure(current, this.last).utilization : 0;
    // The first tick after a pause measures afresh; then the ticks are smoothed.
    this.recent = this.fresh ? use : 0.5 * this.recent + 0.5 * use;
    this.fresh = false;
    this.last = current;
    const first = this.waiting[0];
    if (first && (this.recent < BUSY || this.now() - first.since >= MAX_WAIT_MS)) {
      this.waiting.shift();
      first.go();
    }
    if (this.waiting.length > 0) this.timer = setTimeout(() => this.tick(measure), TICK_MS);
  }
}

const nodeMeasure = (globalThis.performance as { eventLoopUtilization?: MeasureUse } | undefined)?.eventLoopUtilization?.bind(globalThis.performance);

/** The server's pacer, when on (`setPacing`); off, every turn is given at once. */
let pacer: Pacer | null = null;

/**
 * Turns the pacing on (Node's `npm start` on PostgreSQL, see server/main.ts) or off. On the
 * embedded database it stays off: there the database's one connection already gives reports and
 * exports one query at a time after the people waiting (server/node/workerDatabase.ts), and pacing
 * them a second time only made the files slower (four 3-year Excel exports beside four users asking
 * without pause went past 5 minutes, for no gain to the others).
 */
export function setPacing(on: boolean): void {
  pacer = on && nodeMeasure ? new Pacer(nodeMeasure) : null;
}

/** Resolves when a report or export may read its next chunk (see above). */
export function backgroundTurn(): Promise<void> {
  return pacer ? pacer.turn() : Promise.resolve();
}
