/** A span of time someone is booked for. */
export interface TimeSpan {
  readonly start: Date;
  readonly end: Date;
}

/** Two spans overlap when each starts before the other ends (touching ends do not overlap). */
export function spansOverlap(a: TimeSpan, b: TimeSpan): boolean {
  return a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();
}

/**
 * Double-booking: every pair of a proposed visit and an existing booking that overlap in time, in
 * the order of the proposed visits. Both lists may be long (a series against a worker's month), so
 * the existing ones are sorted once and scanned from the first that can still overlap.
 */
export function findOverlaps<P extends TimeSpan, E extends TimeSpan>(proposed: readonly P[], existing: readonly E[]): { proposed: P; existing: E }[] {
  const sorted = [...existing].sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: { proposed: P; existing: E }[] = [];
  for (const p of proposed) {
    for (const e of sorted) {
      if (e.start.getTime() >= p.end.getTime()) break;
      if (spansOverlap(p, e)) out.push({ proposed: p, existing: e });
    }
  }
  return out;
}
