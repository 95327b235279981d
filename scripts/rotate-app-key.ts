/**
 * npm run key:rotate — seals every HKID, two-factor secret and set of recovery codes again for a new
 * application key. Stop the server first. See docs/operations.md, "The application key".
 *
 *   npm run key:rotate                          new key generated; kept in the key file (no APP_KEY)
 *   APP_KEY=<old> npm run key:rotate            new key generated and printed: start with APP_KEY=<new>
 *   NEW_APP_KEY=<new> npm run key:rotate        from the key file (or APP_KEY=<old>) to <new>: start with APP_KEY=<new>
 */
import { migrateToLatest } from '../server/db/migrate';
import { appKeyFile, rotateAppKey } from '../server/node/appKey';
import { databaseTarget, openDatabase } from '../server/node/database';

const target = databaseTarget(process.env);
const db = openDatabase(target);
try {
  await migrateToLatest(db);
  const file = appKeyFile(process.env, target);
  const result = await rotateAppKey(db, {
    current: process.env.APP_KEY,
    next: process.env.NEW_APP_KEY,
    file,
    announce: (key) => console.log(`[key] the new application key (set APP_KEY to it before starting the server):\n${key}`),
  });
  console.log(`[key] ${result.resealed} sealed value(s) sealed again with the new key`);
  console.log(result.keptIn === 'file' ? `[key] the new key is in ${file}` : '[key] start the server with APP_KEY set to the new key');
} catch (error) {
  console.error('[key] nothing was changed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
