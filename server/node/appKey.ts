import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { Encrypter, generateAppKey, parseAppKey } from '../auth/encryption';
import { opensSealedValues, resealAll } from '../auth/sealedValues';
import type { Database } from '../db/schema';
import type { DatabaseTarget } from './database';

/**
 * Where a generated application key is kept when APP_KEY is not set: APP_KEY_FILE, or a file beside
 * (not inside) the database folder, so a copy of that folder does not carry the key: data/db →
 * data/db.key. With PostgreSQL: data/app.key.
 */
export function appKeyFile(env: NodeJS.ProcessEnv, target: DatabaseTarget): string {
  if (env.APP_KEY_FILE) return path.resolve(env.APP_KEY_FILE);
  return path.resolve(target.kind === 'pglite' ? `${target.dataDir.replace(/[/\\]+$/, '')}.key` : path.join('data', 'app.key'));
}

export interface ResolvedAppKey {
  readonly key: Uint8Array<ArrayBuffer>;
  /** Where it came from, for the start-up log. */
  readonly source: 'APP_KEY' | 'file' | 'moved' | 'generated';
  readonly file: string | null;
}

export class AppKeyMismatch extends Error {}

/** Writes the key to a new file that only its owner may read (0600); false if the file exists already. */
function writeKeyFile(file: string, key: string): boolean {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The new key beside the key file, written before anything is sealed with it (so a crash never loses it). */
function stageKeyFile(file: string, key: string): string {
  const staged = `${file}.new`;
  rmSync(staged, { force: true });
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(staged, `${key}\n`, { mode: 0o600, flag: 'wx' });
  return staged;
}

function readKeyFile(file: string): Uint8Array<ArrayBuffer> {
  // A key file others can read is made private again.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return parseAppKey(readFileSync(file, 'utf8'));
}

const sameKey = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

async function storedKey(db: Kysely<Database>): Promise<Uint8Array<ArrayBuffer> | null> {
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', 'app_key').executeTakeFirst();
  return row ? parseAppKey(row.value) : null;
}

const forgetStoredKey = (db: Kysely<Database>) => db.deleteFrom('app_secrets').where('name', '=', 'app_key').execute();

/**
 * The application key for the Node server, never kept in the database it protects:
 * 1. APP_KEY when set;
 * 2. otherwise the key file (appKeyFile);
 * 3. a key an earlier version kept in the database's app_secrets is moved to the key file and
 *    deleted from the table;
 * 4. otherwise a new key is generated into the key file (mode 0600), with a warning to back it up.
 * A key that does not open what the database already holds sealed stops the start (AppKeyMismatch)
 * with what to do, rather than leave HKIDs and two-factor secrets unreadable.
 */
export async function resolveAppKey(db: Kysely<Database>, configured: string | undefined, file: string, log: (line: string) => void = console.warn): Promise<ResolvedAppKey> {
  const inDatabase = await storedKey(db);
  let resolved: ResolvedAppKey;
  if (configured) {
    resolved = { key: parseAppKey(configured), source: 'APP_KEY', file: null };
  } else if (existsSync(file)) {
    resolved = { key: readKeyFile(file), source: 'file', file };
  } else if (inDatabase) {
    if (!writeKeyFile(file, Buffer.from(inDatabase).toString('base64'))) return resolveAppKey(db, configured, file, log);
    resolved = { key: inDatabase, source: 'moved', file };
  } else {
    const generated = generateAppKey();
    // Another instance starting at the same moment may have written it first: then use that one.
    resolved = writeKeyFile(file, generated) ? { key: parseAppKey(generated), source: 'generated', file } : { key: readKeyFile(file), source: 'file', file };
  }

  const encrypter = await Encrypter.fromKey(resolved.key);
  if (!(await opensSealedValues(db, encrypter))) {
    const where = resolved.source === 'APP_KEY' ? 'APP_KEY' : `the key file ${file}`;
    throw new AppKeyMismatch(
      `${where} does not open the HKIDs and two-factor secrets already sealed in this database. Start with the key they were sealed with, ` +
        'or seal them again for a new key with `npm run key:rotate` (README, "The application key").',
    );
  }
  if (inDatabase) {
    if (sameKey(inDatabase, resolved.key)) {
      await forgetStoredKey(db);
      if (resolved.source === 'moved') log(`[server] the application key was moved out of the database into ${file} (mode 0600): back it up apart from the database`);
    } else {
      // Nothing sealed opens with it any more (checked above): a stale copy, dropped.
      await forgetStoredKey(db);
    }
  }
  if (resolved.source === 'generated') {
    log(`[server] WARNING: no APP_KEY: generated a new application key in ${file} (mode 0600). Back it up apart from the database (without it HKIDs and two-factor secrets cannot be read), or set APP_KEY; every server instance needs the same key.`);
  }
  return resolved;
}

/**
 * Seals every sealed value again for a new key (npm run key:rotate): the current key as the server
 * would find it (APP_KEY, the key file, or the database), the new one NEW_APP_KEY or generated.
 * With the key file in use (no APP_KEY, no NEW_APP_KEY) the new key replaces it: it is written
 * beside it first (`.new`) and moved over it once every value is sealed again. Otherwise the server
 * must be started with APP_KEY set to the new key (`announce` is told it before anything changes),
 * and the key file, if any, is removed.
 * Run with the server stopped. All or nothing: a value the current key cannot open changes nothing.
 */
export async function rotateAppKey(
  db: Kysely<Database>,
  options: {
    readonly current: string | undefined;
    readonly next: string | undefined;
    readonly file: string;
    readonly announce: (newKey: string) => void;
    readonly log?: (line: string) => void;
  },
): Promise<{ readonly resealed: number; readonly newKey: string; readonly keptIn: 'file' | 'APP_KEY' }> {
  const current = await resolveAppKey(db, options.current, options.file, options.log);
  const newKey = options.next ? Buffer.from(parseAppKey(options.next)).toString('base64') : generateAppKey();
  const keptIn = options.current || options.next ? 'APP_KEY' : 'file';
  const staged = keptIn === 'file' ? stageKeyFile(options.file, newKey) : null;
  if (keptIn === 'APP_KEY' && !options.next) options.announce(newKey);
  let resealed: number;
  try {
    resealed = await resealAll(db, await Encrypter.fromKey(current.key), await Encrypter.fromKey(parseAppKey(newKey)));
  } catch (error) {
    if (staged) rmSync(staged, { force: true });
    throw error;
  }
  if (staged) renameSync(staged, options.file);
  else rmSync(options.file, { force: true });
  return { resealed, newKey, keptIn };
}
