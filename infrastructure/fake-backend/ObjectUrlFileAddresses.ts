import { isReceivedFile } from '../../application/downloads/DownloadService';
import type { ApiTransport } from '../../application/ports/ApiTransport';
import type { FileAddresses, HeldFileAddress } from '../../application/ports/FileAddresses';
import type { Timer } from '../../application/ports/Timer';

/** Makes and gives up blob: addresses (the browser's URL.createObjectURL and URL.revokeObjectURL). */
export interface ObjectUrls {
  create(blob: Blob): string;
  revoke(address: string): void;
}

/**
 * How long a blob: address outlives its last holder: a screen left for another that shows the same
 * picture (the letterhead's logo) takes it over instead of fetching the file again.
 */
export const RELEASE_AFTER_MS = 1000;

interface Entry {
  holders: number;
  address: string | null;
  ready: Promise<string | null>;
}

/**
 * FileAddresses for the back end in the page, where no server answers an <img src="/api/…">: the
 * file is fetched through the transport (the session's cookies go with it) and shown from a blob:
 * address. One address per file, shared by everyone showing it, and revoked once nobody has held it
 * for RELEASE_AFTER_MS. A refusal or a failure yields null (nothing to show), as a broken image would.
 */
export class ObjectUrlFileAddresses implements FileAddresses {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly transport: ApiTransport,
    private readonly urls: ObjectUrls,
    private readonly timer: Timer,
  ) {}

  peek(path: string): string | null {
    if (!isApiAddress(path)) return path;
    return this.entries.get(path)?.address ?? null;
  }

  hold(path: string): HeldFileAddress {
    if (!isApiAddress(path)) return { now: path, ready: Promise.resolve(path), release: () => undefined };
    let entry = this.entries.get(path);
    if (!entry) {
      entry = this.fetch(path);
      this.entries.set(path, entry);
    }
    const held = entry;
    held.holders += 1;
    let released = false;
    return {
      now: held.address,
      ready: held.ready,
      release: () => {
        if (released) return;
        released = true;
        held.holders -= 1;
        if (held.holders === 0) this.timer.setTimeout(() => this.drop(path, held), RELEASE_AFTER_MS);
      },
    };
  }

  private fetch(path: string): Entry {
    const entry: Entry = { holders: 0, address: null, ready: Promise.resolve(null) };
    entry.ready = this.transport.send({ method: 'GET', path, expect: 'file' }).match(
      ({ status, body }) => {
        // Given up while on its way: no address is made, so none is left behind.
        if (status < 200 || status >= 300 || !isReceivedFile(body) || this.entries.get(path) !== entry) return null;
        entry.address = this.urls.create(body.blob);
        return entry.address;
      },
      () => null,
    );
    return entry;
  }

  private drop(path: string, entry: Entry): void {
    if (entry.holders > 0 || this.entries.get(path) !== entry) return;
    this.entries.delete(path);
    if (entry.address) this.urls.revoke(entry.address);
  }
}

/** Only the back end's own addresses need fetching; a data: or blob: address is shown as it is. */
function isApiAddress(path: string): boolean {
  return path.startsWith('/api/');
}
