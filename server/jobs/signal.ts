/**
 * Wakes this instance's runner when a job is queued, so it need not wait for its next poll. Other
 * instances find the job at their next poll.
 */
export class JobSignal {
  private readonly listeners = new Set<() => void>();

  notify(): void {
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` on each notify; returns how to stop. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
