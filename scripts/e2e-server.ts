/**
 * Starts the real server for the end-to-end tests on a brand-new database (migrations and demo
 * seed run exactly as on a first `npm start`), so every run begins from the same data. It runs the
 * built server (dist/server/main.js, from `npm run build`), the same file `npm start` runs.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.cache', 'e2e-db');
const entry = path.join(root, 'dist', 'server', 'main.js');
if (!existsSync(entry)) {
  console.error('[e2e] dist/server/main.js is missing: run `npm run build` first.');
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
await import(pathToFileURL(entry).href);
