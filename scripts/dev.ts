/**
 * Development: the API server on :3000 (embedded database in ./data) and Vite's dev server on :5173
 * with fast refresh, proxying /api to it. Open http://localhost:5173.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.API_PORT ?? '3000' } }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
