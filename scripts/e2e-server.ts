/**
 * Starts the real server for the end-to-end tests on a brand-new database (migrations and demo
 * seed run exactly as on a first `npm start`), so every run begins from the same data.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(import.meta.dirname, '..', '.cache', 'e2e-db');
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
await import('../server/main');
