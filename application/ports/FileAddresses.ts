import { token } from '../di/token';

/** A stored file's address held for an <img>, until the picture is no longer shown. */
export interface HeldFileAddress {
  /** The address to show at once, or null while the file is still being fetched. */
  readonly now: string | null;
  /** The address once it can be shown; null when the file could not be had. */
  readonly ready: Promise<string | null>;
  /** The picture is no longer shown: an address made for it (a blob: one) goes once nobody holds it. */
  release(): void;
}

/**
 * Turns a stored file's API address (a profile photo, a company's logo or chop, a report photo:
 * /api/…) into an address an <img> can show. With the real server that is the address itself (the
 * browser fetches and caches it); with the back end in the page it is a blob: address of the file
 * fetched through the transport. Any other address (data:, blob:) is shown as it is.
 */
export interface FileAddresses {
  /** The address to show without waiting, or null when the file must be fetched first (then `hold`). */
  peek(path: string): string | null;
  /** Keeps the address of `path` for as long as it is shown; call `release` when it no longer is. */
  hold(path: string): HeldFileAddress;
}

export const FileAddresses = token<FileAddresses>('FileAddresses');
