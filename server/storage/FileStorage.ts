/**
 * Where uploaded files live. The server names every stored file itself (never after the upload's
 * name); the Node host keeps them in a local folder, tests and the in-browser backend in memory.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}

/** Files in memory, for tests and for the backend that runs inside the browser. */
export class MemoryFileStorage implements FileStorage {
  private readonly files = new Map<string, Uint8Array>();

  put(key: string, bytes: Uint8Array): Promise<void> {
    this.files.set(key, bytes.slice());
    return Promise.resolve();
  }

  get(key: string): Promise<Uint8Array | null> {
    return Promise.resolve(this.files.get(key) ?? null);
  }

  delete(key: string): Promise<void> {
    this.files.delete(key);
    return Promise.resolve();
  }

  get size(): number {
    return this.files.size;
  }
}
