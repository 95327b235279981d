/**
 * Starts the real server for the end-to-end tests on a brand-new database (migrations and demo
 * seed run exactly as on a first `npm start`), so every run begins from the same data. It runs the
 * built server (dist/server/main.js, from `npm run build`), the same file `npm start` runs.
 *
 * E-mail: an SMTP server runs in this process (tests/support/smtpSink.ts) and Settings → E-mail of
 * the new database points at it (written before the server starts, so it is there from the first
 * request); each message it receives is written to .cache/e2e-mail-<PORT>/ as JSON (recipients,
 * subject, text, HTML, attachments' names, types and sizes), where tests/e2e/mail.spec.ts reads it. No
 * endpoint of the product is added for it. The links in those e-mails open at the server's own
 * loopback address (HOST=127.0.0.1 and PORT, server/mail/siteAddress.ts), as on a laptop's `npm start`.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { migrateToLatest } from '../server/db/migrate';
import { openDatabase } from '../server/node/database';
import { startSmtpSink } from '../tests/support/smtpSink';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.cache', 'e2e-db');
const entry = path.join(root, 'dist', 'server', 'main.js');
if (!existsSync(entry)) {
  console.error('[e2e] dist/server/main.js is missing: run `npm run build` first.');
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
// Every reply held to its contract (server/http/reply.ts), whatever the shell says: a reply with a
// field missing, mistyped or not declared is a 500 the end-to-end tests see.
process.env.CHECK_REPLIES = '1';

/** Where the received e-mails go, one JSON file each (e2eMailFolder in tests/e2e/mail.spec.ts). */
const mailDir = path.join(root, '.cache', `e2e-mail-${process.env.PORT ?? '3000'}`);
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
const sink = await startSmtpSink({ user: 'e2e', password: 'e2e-smtp-password' });
let count = 0;
sink.onMessage = (mail) => {
  const attachments = mail.attachments.map((a) => ({ fileName: a.filename ?? '', contentType: a.contentType, size: a.size }));
  const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((t) => t.value.map((v) => v.address ?? ''));
  writeFileSync(path.join(mailDir, `${String(++count).padStart(4, '0')}.json`), JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '', attachments }, null, 2));
};

// Settings → E-mail of the new database: the sink, no TLS, no login (the server seeds the rest on start).
const db = openDatabase({ kind: 'pglite', dataDir, thread: 'main' });
await migrateToLatest(db);
await db.updateTable('mail_settings').set({ host: '127.0.0.1', port: sink.port, tls_mode: 'none', from_name: 'Harbour Pest Services', from_address: 'office@harbour.test' }).where('id', '=', 1).execute();
await db.destroy();

await import(pathToFileURL(entry).href);
