/** What the server's thread and the database's thread (./pgliteWorker.ts) say to each other. */

/** What the server's side asks: a query, the whole database as a tarball (tests), or to close. */
export type WorkerAsk = { readonly kind: 'query'; readonly sql: string; readonly parameters: readonly unknown[] } | { readonly kind: 'close' | 'dump' };

export type WorkerRequest = WorkerAsk & { readonly id: number };

/** Where the database thread opens its database: a data folder, or (tests) a dump to load into memory. */
export type WorkerSource = { readonly dataDir: string } | { readonly dump: Uint8Array<ArrayBuffer> };

export type WorkerReply =
  | { readonly id: number; readonly ok: true; readonly rows: unknown[]; readonly affectedRows: number | undefined; readonly dump?: Uint8Array<ArrayBuffer> }
  | { readonly id: number; readonly ok: false; readonly error: Record<string, unknown> };
