/**
 * `npm run budget` (part of `npm test`, after the build): the JavaScript and CSS each route loads,
 * gzip, from dist/public; fails when /login is over 150 KB, another route over 250 KB, or FullCalendar
 * reaches a route outside the calendar. `--table` prints every route.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROUTES } from '../../application/navigation/routes';
import { budgetProblems, routeFiles, type Manifest, type RouteWeight } from './bundleBudget';

const root = path.resolve(import.meta.dirname, '..', '..');
const dist = path.join(root, 'dist', 'public');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;

// Which source file each screen key loads, read from presentation/app/screens.ts.
const screensSource = readFileSync(path.join(root, 'presentation', 'app', 'screens.ts'), 'utf8');
const screenFile = new Map([...screensSource.matchAll(/(\w+): lazy\(\(\) => import\('\.\.\/(screens\/[^']+)'\)\)/g)].map((m) => [m[1]!, `presentation/${m[2]!}.tsx`]));

const gzipCache = new Map<string, number>();
const gzipSize = (file: string) => {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
};
const calendarCache = new Map<string, boolean>();
/** Whether a chunk holds FullCalendar's code, by its source map. */
const holdsFullCalendar = (file: string) => {
  if (!file.endsWith('.js')) return false;
  let found = calendarCache.get(file);
  if (found === undefined) {
    try {
      found = (JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8')) as { sources: string[] }).sources.some((s) => s.includes('node_modules/@fullcalendar/'));
    } catch {
      found = false;
    }
    calendarCache.set(file, found);
  }
  return found;
};

/**
 * Message files arrive as chunks of their own when a screen first asks for a namespace (i18next),
 * which the manifest does not tie to the screen. They are found from the route's code (the
 * namespaces its sources name in useTranslation('…') or 'ns:key'), and counted for the heavier of
 * the two languages: Chinese brings only the screen's own namespaces (its core is in the entry),
 * English its core namespaces too.
 */
const CORE = ['common', 'auth', 'menu', 'routes', 'errors'];
const namespacesCache = new Map<string, Set<string>>();
function namespacesIn(file: string): Set<string> {
  let found = namespacesCache.get(file);
  if (!found) {
    found = new Set();
    if (file.endsWith('.js')) {
      try {
        const map = JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8')) as { sources: string[]; sourcesContent?: (string | null)[] };
        map.sources.forEach((source, i) => {
          if (source.includes('node_modules')) return;
          // Comments left out: a key named in a comment is not a key used.
          const text = (map.sourcesContent?.[i] ?? '').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
          for (const m of text.matchAll(/useTranslation\(\s*\[?\s*'(\w+)'/g)) found!.add(m[1]!);
          for (const m of text.matchAll(/['`](\w+):[\w.$]/g)) found!.add(m[1]!);
        });
      } catch {
        // no source map: nothing found
      }
    }
    namespacesCache.set(file, found);
  }
  return found;
}
const messageChunk = (language: string, namespace: string) => manifest[`locales/${language}/${namespace}.json`]?.file;
function messageFiles(jsFiles: readonly string[]): string[] {
  const used = new Set(jsFiles.flatMap((f) => [...namespacesIn(f)]));
  const own = [...used].filter((ns) => !CORE.includes(ns));
  const zh = own.map((ns) => messageChunk('zh-HK', ns)).filter((f): f is string => f !== undefined);
  const en = [...CORE, ...own].map((ns) => messageChunk('en', ns)).filter((f): f is string => f !== undefined);
  const size = (files: string[]) => files.reduce((sum, f) => sum + gzipSize(f), 0);
  return size(en) >= size(zh) ? en : zh;
}

export function measureRoutes(): RouteWeight[] {
  const weights: RouteWeight[] = [];
  for (const route of ROUTES) {
    if (route.redirect) continue;
    const source = screenFile.get(route.screen);
    if (!source || !manifest[source]) throw new Error(`No chunk for the screen of ${route.path} (${route.screen})`);
    const code = routeFiles(manifest, 'index.html', source);
    const files = [...new Set([...code, ...messageFiles(code)])];
    weights.push({ path: route.path, screen: route.screen, files, gzipBytes: files.reduce((sum, f) => sum + gzipSize(f), 0), hasFullCalendar: files.some(holdsFullCalendar) });
  }
  return weights;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const weights = measureRoutes();
  if (process.argv.includes('--table')) {
    console.log('| route | JS + CSS gzip |');
    console.log('|---|---|');
    for (const w of weights) console.log(`| ${w.path} | ${(w.gzipBytes / 1024).toFixed(1)} KB${w.hasFullCalendar ? ' (FullCalendar)' : ''} |`);
  }
  const heaviest = weights.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
  const login = weights.find((w) => w.path === '/login');
  console.log(`[budget] ${weights.length} routes; /login ${((login?.gzipBytes ?? 0) / 1024).toFixed(1)} KB gzip; heaviest ${heaviest.path} ${(heaviest.gzipBytes / 1024).toFixed(1)} KB`);
  const fonts = Object.entries(manifest).find(([key]) => key.endsWith('presentation/styles/fonts.ts'))?.[1];
  const fontBytes = [...(fonts?.file.endsWith('.css') ? [fonts.file] : []), ...(fonts?.css ?? [])].reduce((sum, f) => sum + gzipSize(f), 0);
  console.log(`[budget] not counted above: the Chinese font's face list, ${(fontBytes / 1024).toFixed(1)} KB gzip, fetched once after the first paint and shared by every route`);
  if (process.env.BUDGET_DEBUG) {
    const one = weights.find((w) => w.path === process.env.BUDGET_DEBUG);
    for (const f of one?.files ?? []) console.log(`  ${f} ${(gzipSize(f) / 1024).toFixed(1)} KB`);
  }
  const problems = budgetProblems(weights);
  for (const p of problems) console.error(`[budget] ${p}`);
  process.exit(problems.length > 0 ? 1 : 0);
}
