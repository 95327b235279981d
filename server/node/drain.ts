/**
 * Counts the requests the app is still answering, so a shutdown can wait for them. Without it a
 * restart (SIGTERM from a deploy, SIGINT) closed the database under requests still running: their
 * change was committed but the reply said 503 'Nothing was saved', inviting a second copy.
 */
export function trackInFlight<A extends unknown[]>(fetch: (request: Request, ...rest: A) => Response | Promise<Response>) {
  let inFlight = 0;
  let waiting: (() => void)[] = [];
  const settle = () => {
    if (inFlight > 0) return;
    const done = waiting;
    waiting = [];
    for (const resolve of done) resolve();
  };
  return {
    fetch: async (request: Request, ...rest: A): Promise<Response> => {
      inFlight++;
      try {
        return await fetch(request, ...rest);
      } finally {
        inFlight--;
        settle();
      }
    },
    get inFlight(): number {
      return inFlight;
    },
    /** Resolves when no request is running any more, or after `timeoutMs` (true when they all finished). */
    idle(timeoutMs: number): Promise<boolean> {
      if (inFlight === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        waiting.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
  };
}
