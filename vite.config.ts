import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { precompress } from './scripts/build/precompress';

/** After a production build of the front end, a Brotli and a gzip copy of each text file (see precompress). */
function precompressed(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => void precompress(outDir),
  };
}

/**
 * Installable, and opens with no network (issue 22): a web app manifest and a service worker built by
 * vite-plugin-pwa from infrastructure/offline/sw.ts (injectManifest: Workbox's modules, with the list
 * of the build's files to precache injected). What it keeps and for how long is said there and in
 * infrastructure/offline/visitCache.ts: every script and style of the build, the page, and of the API
 * only the worker's day (today's and tomorrow's visits, for at most 12 hours, forgotten when the
 * session ends: issue 31 item 9). The manifest's name is the app's name of the default language
 * (locales/zh-HK). presentation/main.tsx registers /sw.js in the production build only.
 */
function installable(): Plugin[] {
  const names = (language: string): { name: string } =>
    (JSON.parse(readFileSync(path.join(import.meta.dirname, 'locales', language, 'common.json'), 'utf8')) as { app: { name: string } }).app;
  const { name } = names('zh-HK');
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'infrastructure/offline',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'autoUpdate',
    includeManifestIcons: false,
    manifest: {
      name: `${name} ${names('en').name}`,
      description: `${name} ${names('en').name}`,
      short_name: name,
      lang: 'zh-HK',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#1d4ed8',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    // One classic script (registered without type: module), with the precache list injected.
    injectManifest: { globPatterns: ['favicon.svg', 'icons/*.png', 'assets/*.{js,css}'], rollupFormat: 'iife' },
  });
}

const API_PORT = Number(process.env.API_PORT ?? 3000);

export default defineConfig(({ mode, isSsrBuild }) => ({
  // `--mode demo` (npm run demo): the fake backend in the page, relative asset paths, so the build
  // can be served as plain files from any host.
  base: mode === 'demo' ? './' : '/',
  define: mode === 'demo' ? { 'import.meta.env.VITE_BACKEND': JSON.stringify('in-page') } : {},
  optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  // The production front end is served by the server with Brotli or gzip copies made at build time.
  plugins: [react(), ...(mode === 'production' && !isSsrBuild ? [...installable(), precompressed()] : [])],
  // `vite build --ssr` (part of npm run build): the server as one file of plain JavaScript, so a
  // start loads no TypeScript (see README), and beside it the embedded database's thread
  // (pgliteWorker.js, started by server/node/workerDatabase.ts). The pure-JavaScript packages go into
  // that file too: Node then reads one module instead of several hundred (kysely alone is ~400
  // files), which takes about half a second off a start. PGlite (it loads its WebAssembly and data
  // files from beside its own module), the native argon2 binding and pg stay in node_modules.
  publicDir: isSsrBuild ? false : 'public',
  ...(isSsrBuild ? { ssr: { noExternal: ['hono', '@hono/node-server', 'kysely', 'zod', 'neverthrow', 'otpauth', 'papaparse', 'fflate', 'qrcode', 'rrule', 'tslib'] } } : {}),
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        sourcemap: true,
        rollupOptions: { input: { main: 'server/main.ts', pgliteWorker: 'server/node/pgliteWorker.ts' }, output: { entryFileNames: '[name].js' } },
      }
    : {
        outDir: mode === 'demo' ? 'dist/demo' : 'dist/public',
        emptyOutDir: true,
        // Source maps hold the whole source. Production: written for the bundle budget
        // (scripts/bench/bundle.ts) but not linked from the scripts, and never served
        // (server/node/static.ts). The demo build (plain files for any host): none at all.
        sourcemap: mode === 'demo' ? false : 'hidden',
        manifest: true,
        // The sign-in page's budget (150 KB gzip, npm run budget) counts the entry, which carries the
        // table of every lazy chunk's file names (for preloading a screen's imports with it). Chunks
        // are named by their hash alone, which keeps that table short (≈1 KB gzip less), and the
        // modulepreload polyfill is left out: every browser the product supports preloads natively
        // (an older one just fetches a screen's imports after the screen, without preloading).
        modulePreload: { polyfill: false },
        // 'shell': RxJS (with tslib), the app state and the permission rules, which the entry and
        // many lazy screens share, in one chunk. Left to itself the bundler cut them into four small
        // chunks beside the entry once the worker's code (infrastructure/composition/field.ts) shared
        // them too, and each small file compresses worse: /login 150.2 KB gzip, with the group 149.2.
        rollupOptions: { output: { chunkFileNames: 'assets/[hash].js', codeSplitting: { groups: [{ name: 'shell', test: /node_modules[\\/](rxjs|tslib)[\\/]|application[\\/]state[\\/]AppState|domain[\\/]auth[\\/]permissions/ }] } } },
        // Font slices stay separate files: the browser fetches only the slices a page's text needs.
        assetsInlineLimit: (file) => (/\.(woff2?|ttf)$/.test(file) ? false : undefined),
      },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${API_PORT}` },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/{domain,application,infrastructure,tooling}/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
      // The database-level guarantees again on a real PostgreSQL server (npm run soak starts one and
      // sets TEST_DATABASE_URL); absent otherwise, so `npm test` needs no database server.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                environment: 'node',
                include: ['tests/server/{concurrency,faults,jobs-shared,field-completion}.test.ts'],
                globalSetup: ['tests/server/pg-global-setup.ts'],
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      // The component tests share one jsdom and one module cache per worker (isolate: false): a fresh
      // worker per file spent about half the project's time starting jsdom and importing the app
      // again (measured on 2 cores: 166 → 75 CPU-seconds for the project). setup.ts empties the
      // document after each file. At least two workers, also on a 2-core machine (Vitest's default
      // there is one: cores − 1); their own group, as the other projects keep Vitest's default.
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/presentation/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/presentation/setup.ts'],
          testTimeout: 60_000,
          isolate: false,
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
}));
