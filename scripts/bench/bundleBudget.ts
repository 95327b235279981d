/**
 * What each route of the app downloads, from Vite's build manifest: the entry chunk with everything
 * it imports, plus the route's screen chunk with everything it imports (statically or lazily), and
 * the CSS of all of them. Pure functions here; scripts/bench/bundle.ts reads the build and prints.
 */

export interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly css?: readonly string[];
  readonly isEntry?: boolean;
}

export type Manifest = Readonly<Record<string, ManifestChunk>>;

/** Budgets of issue 12, in bytes of gzip. */
export const BUDGETS = { login: 150 * 1024, other: 250 * 1024 } as const;

/**
 * The files a chunk brings: itself, what it imports, and (when `lazy`) what it imports lazily,
 * recursively. The entry's own lazy imports are the other screens, so they are never followed.
 */
export function closure(manifest: Manifest, key: string, lazy: boolean, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return seen;
  const followLazy = lazy && !chunk.isEntry;
  for (const next of [...(chunk.imports ?? []), ...(followLazy ? (chunk.dynamicImports ?? []) : [])]) closure(manifest, next, lazy, seen);
  return seen;
}

/** The files (JS and CSS) a route loads: the entry's static closure plus the screen's full closure. */
export function routeFiles(manifest: Manifest, entryKey: string, screenKey: string): string[] {
  const keys = new Set([...closure(manifest, entryKey, false), ...closure(manifest, screenKey, true)]);
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return [...files].sort();
}

export interface RouteWeight {
  readonly path: string;
  readonly screen: string;
  readonly gzipBytes: number;
  readonly files: readonly string[];
  readonly hasFullCalendar: boolean;
}

/** Routes over their budget, and FullCalendar outside the calendar routes: each a sentence. */
export function budgetProblems(weights: readonly RouteWeight[]): string[] {
  const problems: string[] = [];
  for (const w of weights) {
    const budget = w.path === '/login' ? BUDGETS.login : BUDGETS.other;
    if (w.gzipBytes > budget) problems.push(`${w.path} loads ${(w.gzipBytes / 1024).toFixed(1)} KB gzip, over its ${budget / 1024} KB budget`);
    if (w.hasFullCalendar && !w.path.startsWith('/calendar')) problems.push(`${w.path} loads FullCalendar, which belongs to the calendar routes only`);
  }
  return problems;
}
