import type { AppContext } from './env';

/**
 * Replies written as they are produced (an export's file, a chunk of rows at a time), as Web
 * streams so the same code runs in Node and in the page (the in-page backend).
 */

/**
 * Texts as a stream of UTF-8 bytes, one text per pull (so the thread is free between two texts);
 * cancelling it closes the texts' source.
 */
export function byteStream(texts: AsyncIterable<string> | Iterable<string>): ReadableStream<Uint8Array> {
  const source: AsyncIterator<string> | Iterator<string> = Symbol.asyncIterator in texts ? texts[Symbol.asyncIterator]() : texts[Symbol.iterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // A pull that gives nothing is not called again: read on until there is something.
      for (;;) {
        const next = await source.next();
        if (next.done) {
          controller.close();
          return;
        }
        if (next.value !== '') {
          controller.enqueue(encoder.encode(next.value));
          return;
        }
      }
    },
    async cancel() {
      await source.return?.();
    },
  });
}

/**
 * A 200 reply whose body is `stream`. Once the first bytes are sent, the status can no longer
 * change: a failure then ends the reply early (the download fails rather than giving a file cut
 * short that looks whole) and is logged. Whatever can fail before (the first query of the rows) is
 * run by the caller first, so that it is answered as any other failure.
 */
export function streamReply(c: AppContext, stream: ReadableStream<Uint8Array>, headers: Record<string, string>): Response {
  const reader = stream.getReader();
  const where = `${c.req.method} ${new URL(c.req.url).pathname}`;
  // Set when the reader goes away (a closed tab, a client's time limit): the rows stop being read,
  // and the read under way, which then ends, has nothing left to send or to report.
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (cancelled) return;
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        if (cancelled) return;
        console.error(`[server] ${where}: the reply stopped after its first bytes:`, error);
        controller.error(error);
      }
    },
    cancel(reason) {
      cancelled = true;
      return reader.cancel(reason);
    },
  });
  return c.body(body, 200, headers);
}

/**
 * The chunks of `source` with the first one read now: a failure to read it is thrown here, before
 * any reply is given.
 */
export async function readFirst<T>(source: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    [Symbol.asyncIterator]: () => {
      let pending: IteratorResult<T> | null = first;
      return {
        next: async () => {
          if (pending) {
            const result = pending;
            pending = null;
            return result;
          }
          return iterator.next();
        },
        return: async () => (await iterator.return?.()) ?? { done: true, value: undefined },
      };
    },
  };
}
