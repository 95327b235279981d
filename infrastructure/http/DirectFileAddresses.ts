import type { FileAddresses, HeldFileAddress } from '../../application/ports/FileAddresses';

/**
 * FileAddresses with the real server: an <img> is pointed at the stored file's own address, so the
 * browser fetches it (sending the session cookie) and caches it as usual; nothing else is requested.
 */
export class DirectFileAddresses implements FileAddresses {
  peek(path: string): string {
    return path;
  }

  hold(path: string): HeldFileAddress {
    return { now: path, ready: Promise.resolve(path), release: () => undefined };
  }
}
