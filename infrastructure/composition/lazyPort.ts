import { ResultAsync } from 'neverthrow';
import type { ApiError } from '../../application/api/ApiError';

type AsyncMethods = Record<PropertyKey, (...args: unknown[]) => ResultAsync<unknown, ApiError>>;

/**
 * A port whose adapter is loaded when the port is first asked for: the adapter's code (and the part of the wire contract
 * it decodes with) reaches the browser with the first screen that asks for it, not with the first
 * download (the /login budget). Every method of such a port returns a ResultAsync, so a call made
 * before the adapter is there simply waits for it; a load that fails (no connection) is the error
 * `network`, and the next call tries again.
 */
export function lazyPort<T extends object>(load: () => Promise<T>): T {
  let loading: Promise<T> | null = null;
  const adapter = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  // Start loading as soon as the port is first asked for (a screen that will use it opens), so a save
  // made later while offline finds the adapter there and waits for the connection like any other.
  adapter().catch(() => undefined);
  return new Proxy({} as T, {
    get(_target, name) {
      // Not a promise (inversify and `await` look for `then`), and no symbols.
      if (name === 'then' || typeof name === 'symbol') return undefined;
      return (...args: unknown[]) =>
        ResultAsync.fromPromise(adapter(), (): ApiError => ({ code: 'network' })).andThen((port) => (port as unknown as AsyncMethods)[name]!(...args));
    },
  });
}
