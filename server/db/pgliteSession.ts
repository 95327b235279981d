/**
 * Planner settings for every embedded PGlite session (the server's, in its thread or not, the
 * in-page demo's and the tests'; a PostgreSQL server keeps what its administrator set).
 *
 * PGlite's data are in memory (WebAssembly's heap, and the operating system's cache of the folder),
 * so reading a page at random costs about what reading the next one does. With PostgreSQL's default
 * `random_page_cost` (4, made for spinning disks) the planner reads the whole table of order lines to
 * find a quarter's orders' lines rather than look them up by `order_items_owner`: the commission
 * report, a quarter at a time, spent most of its time in such scans (3 years: 2.3 s → 1.4 s on the
 * busy 2-core machine with 1.1, the value usual for SSDs and memory). Measured: docs/benchmarks.md.
 */
export const PGLITE_SESSION_SETTINGS = 'set random_page_cost = 1.1';

/** Applies the settings to a PGlite session: before any other query, as PGlite runs them in order. */
export function tunePGliteSession<T extends { exec(sql: string): Promise<unknown> }>(pglite: T): Promise<T> {
  return pglite.exec(PGLITE_SESSION_SETTINGS).then(() => pglite);
}
