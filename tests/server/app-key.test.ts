import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Encrypter, generateAppKey, parseAppKey } from '../../server/auth/encryption';
import { SEALED_COLUMNS } from '../../server/auth/sealedValues';
import { AppKeyMismatch, appKeyFile, resolveAppKey, rotateAppKey } from '../../server/node/appKey';
import { startTestServer, type TestServer } from './harness';

/** Issue 18: the application key is kept outside the database it protects, and can be rotated. */
let server: TestServer;
let folder: string;
let keyFile: string;
let originalKey: string;
let plain: Map<string, string>;

async function sealedValues(): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  for (const { table, column } of SEALED_COLUMNS) {
    const rows = (await server.db.selectFrom(table).select(['id', `${column} as value`]).where(column, 'is not', null).execute()) as { id: number; value: string }[];
    for (const row of rows) values.set(`${table}.${column}.${row.id}`, row.value);
  }
  return values;
}

async function openAll(key: Uint8Array<ArrayBuffer>): Promise<Map<string, string | null>> {
  const encrypter = await Encrypter.fromKey(key);
  const opened = new Map<string, string | null>();
  for (const [where, sealed] of await sealedValues()) opened.set(where, await encrypter.decrypt(sealed));
  return opened;
}

beforeAll(async () => {
  server = await startTestServer();
  // The demo data has sealed HKIDs; give one user two-factor too, sealed with the database's key.
  const stored = await server.db.selectFrom('app_secrets').select('value').where('name', '=', 'app_key').executeTakeFirstOrThrow();
  originalKey = stored.value;
  const encrypter = await Encrypter.fromKey(parseAppKey(originalKey));
  await server.db
    .updateTable('users')
    .set({ two_factor_secret: await encrypter.encrypt('JBSWY3DPEHPK3PXP'), two_factor_recovery_codes: await encrypter.encrypt('["aaaaa-bbbbb"]') })
    .where('email', '=', 'admin@example.com')
    .execute();
  plain = new Map([...(await openAll(parseAppKey(originalKey)))].map(([k, v]) => [k, v!]));
  expect(plain.size).toBeGreaterThanOrEqual(3);
  expect([...plain.keys()].some((k) => k.startsWith('clients.hkid_sealed'))).toBe(true);
});
afterAll(() => server.close());
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'app-key-'));
  keyFile = path.join(folder, 'db.key');
});

describe('where the key is kept', () => {
  it('is a file beside the database folder, not inside it (or APP_KEY_FILE)', () => {
    expect(appKeyFile({}, { kind: 'pglite', dataDir: '/srv/app/data/db' })).toBe('/srv/app/data/db.key');
    expect(appKeyFile({}, { kind: 'pglite', dataDir: '/srv/app/data/db/' })).toBe('/srv/app/data/db.key');
    expect(appKeyFile({ APP_KEY_FILE: '/etc/backoffice/key' }, { kind: 'pglite', dataDir: 'data/db' })).toBe('/etc/backoffice/key');
  });

  it('moves a key kept in app_secrets by an earlier version out to the key file (0600), deletes it from the table, and says where', async () => {
    const lines: string[] = [];
    const moved = await resolveAppKey(server.db, undefined, keyFile, (line) => lines.push(line));
    expect(moved.source).toBe('moved');
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(originalKey);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(await server.db.selectFrom('app_secrets').selectAll().where('name', '=', 'app_key').execute()).toEqual([]);
    expect(lines.join('\n')).toContain(keyFile);
    // The next start reads the file; the data still opens.
    const again = await resolveAppKey(server.db, undefined, keyFile, () => undefined);
    expect(again.source).toBe('file');
    expect(await openAll(again.key)).toEqual(plain);
    // Put back for the other tests.
    await server.db.insertInto('app_secrets').values({ name: 'app_key', value: originalKey }).execute();
  });

  it('generates a new key into the file (0600) with a warning when there is none, and only then', async () => {
    const empty = await startTestServer();
    try {
      await empty.db.deleteFrom('app_secrets').execute();
      await empty.db.updateTable('clients').set({ hkid_sealed: null }).execute();
      await empty.db.updateTable('users').set({ two_factor_secret: null, two_factor_recovery_codes: null }).execute();
      const lines: string[] = [];
      const generated = await resolveAppKey(empty.db, undefined, keyFile, (line) => lines.push(line));
      expect(generated.source).toBe('generated');
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(parseAppKey(readFileSync(keyFile, 'utf8'))).toEqual(generated.key);
      expect(lines.join('\n')).toMatch(/WARNING.*generated a new application key/);
      expect(lines.join('\n')).toContain(keyFile);
      expect(await empty.db.selectFrom('app_secrets').selectAll().execute()).toEqual([]);
      const lines2: string[] = [];
      expect((await resolveAppKey(empty.db, undefined, keyFile, (line) => lines2.push(line))).source).toBe('file');
      expect(lines2).toEqual([]);
    } finally {
      await empty.close();
    }
    // A second database of its own: slow to open on a busy machine.
  }, 180_000);

  it('refuses to start with a key that does not open the data already sealed, changing nothing', async () => {
    await expect(resolveAppKey(server.db, generateAppKey(), keyFile, () => undefined)).rejects.toBeInstanceOf(AppKeyMismatch);
    writeFileSync(keyFile, `${generateAppKey()}\n`, { mode: 0o600 });
    await expect(resolveAppKey(server.db, undefined, keyFile, () => undefined)).rejects.toThrow(/npm run key:rotate/);
    expect(await server.db.selectFrom('app_secrets').select('value').where('name', '=', 'app_key').executeTakeFirst()).toEqual({ value: originalKey });
    expect(await openAll(parseAppKey(originalKey))).toEqual(plain);
  });
});

describe('npm run key:rotate', () => {
  it('seals every HKID and two-factor secret again for a new key and back (round trip), keeping the plaintexts', async () => {
    // 1. From the key in the database (moved to the file on the way) to a new key in the file.
    const first = await rotateAppKey(server.db, { current: undefined, next: undefined, file: keyFile, announce: () => undefined, log: () => undefined });
    expect(first.keptIn).toBe('file');
    expect(first.resealed).toBe(plain.size);
    const fileKey = parseAppKey(readFileSync(keyFile, 'utf8'));
    expect(Buffer.from(fileKey).toString('base64')).toBe(first.newKey);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(existsSync(`${keyFile}.new`)).toBe(false);
    expect(await openAll(fileKey)).toEqual(plain);
    expect([...(await openAll(parseAppKey(originalKey))).values()].every((v) => v === null)).toBe(true);
    expect(await server.db.selectFrom('app_secrets').selectAll().where('name', '=', 'app_key').execute()).toEqual([]);
    expect((await resolveAppKey(server.db, undefined, keyFile, () => undefined)).source).toBe('file');

    // 2. Setting APP_KEY later: rotate from the file to the chosen key; the file goes.
    const chosen = generateAppKey();
    const second = await rotateAppKey(server.db, { current: undefined, next: chosen, file: keyFile, announce: () => undefined, log: () => undefined });
    expect(second.keptIn).toBe('APP_KEY');
    expect(existsSync(keyFile)).toBe(false);
    expect(await openAll(parseAppKey(chosen))).toEqual(plain);
    expect((await resolveAppKey(server.db, chosen, keyFile, () => undefined)).source).toBe('APP_KEY');
    // Forgetting APP_KEY now does not seal anything with a fresh key: the start is refused.
    await expect(resolveAppKey(server.db, undefined, path.join(folder, 'other.key'), () => undefined)).rejects.toBeInstanceOf(AppKeyMismatch);

    // 3. Under APP_KEY with no new key given: one is generated and announced before anything changes.
    let announced = '';
    const third = await rotateAppKey(server.db, { current: chosen, next: undefined, file: keyFile, announce: (key) => (announced = key), log: () => undefined });
    expect(announced).toBe(third.newKey);
    expect(await openAll(parseAppKey(announced))).toEqual(plain);

    // 4. And back to the original key: the same ciphertext-independent plaintexts.
    await rotateAppKey(server.db, { current: announced, next: originalKey, file: keyFile, announce: () => undefined, log: () => undefined });
    expect(await openAll(parseAppKey(originalKey))).toEqual(plain);
    await server.db.insertInto('app_secrets').values({ name: 'app_key', value: originalKey }).execute();
  });

  it('changes nothing when a value does not open with the current key', async () => {
    const before = await sealedValues();
    const stranger = await Encrypter.fromKey(parseAppKey(generateAppKey()));
    const client = await server.db.selectFrom('clients').select(['id', 'hkid_sealed']).where('hkid_sealed', 'is not', null).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await server.db.updateTable('clients').set({ hkid_sealed: await stranger.encrypt('Z999999(9)') }).where('id', '=', client.id).execute();
    try {
      await expect(rotateAppKey(server.db, { current: originalKey, next: generateAppKey(), file: keyFile, announce: () => undefined, log: () => undefined })).rejects.toThrow();
      const after = await sealedValues();
      for (const [where, value] of before) if (where !== `clients.hkid_sealed.${client.id}`) expect(after.get(where)).toBe(value);
    } finally {
      await server.db.updateTable('clients').set({ hkid_sealed: client.hkid_sealed }).where('id', '=', client.id).execute();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
