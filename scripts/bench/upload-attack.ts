/**
 * Issue 31 item 3, over real HTTP: sends a completion of 780,000 one-byte parts (40.6 MB) to a visit
 * that is not the worker's — or, with `own`, 740,000 `photo` parts (41.4 MB) to the worker's own
 * visit — and times the refusal and another signed-in user's heartbeat sent beside it.
 *
 *   npm run build && PORT=3260 node --import tsx scripts/e2e-server.ts   # a fresh demo database
 *   node --import tsx scripts/bench/upload-attack.ts http://127.0.0.1:3260 [own]
 *
 * Only for a server of your own on this machine: it signs in with the demo accounts.
 */
export {};

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const own = process.argv[3] === 'own';

interface Session {
  headers(): Record<string, string>;
}

async function session(email: string, password: string): Promise<Session> {
  const jar = new Map<string, string>();
  const keep = (reply: Response) => {
    for (const line of reply.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      jar.set(name.trim(), value.join('='));
    }
  };
  const headers = () => ({ Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), 'X-XSRF-TOKEN': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''), Accept: 'application/json' });
  keep(await fetch(`${base}/api/csrf-cookie`));
  const reply = await fetch(`${base}/api/login`, { method: 'POST', headers: { ...headers(), 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  keep(reply);
  await reply.text();
  if (reply.status >= 300) throw new Error(`sign-in of ${email}: ${reply.status}`);
  return { headers };
}

const admin = await session('admin@example.com', 'Admin1234');
const worker = await session('worker@example.com', 'Worker1234');
const me = ((await (await fetch(`${base}/api/user`, { headers: worker.headers() })).json()) as { user: { id: number } }).user.id;
const made = await fetch(`${base}/api/appointments`, {
  method: 'POST',
  headers: { ...admin.headers(), 'Content-Type': 'application/json' },
  body: JSON.stringify({ clientId: 1, address: '灣仔道 8 號', areaId: 2, workerIds: [own ? me : 1], date: '2026-11-23', startTime: '10:00', endTime: '11:00', recurrence: { freq: 'once' }, end: { kind: 'never' } }),
});
const id = ((await made.json()) as { appointment: { id: number } }).appointment.id;

const count = own ? 740_000 : 780_000;
const one = new TextEncoder().encode(`--B\r\nContent-Disposition: form-data; name="${own ? 'photo' : 'x'}"\r\n\r\nx\r\n`);
const end = new TextEncoder().encode('--B--\r\n');
const body = new Uint8Array(one.length * count + end.length);
for (let i = 0; i < count; i++) body.set(one, i * one.length);
body.set(end, one.length * count);

const heartbeat = async () => {
  const started = performance.now();
  await (await fetch(`${base}/api/heartbeat`, { headers: admin.headers() })).text();
  return Math.round(performance.now() - started);
};
const alone = [await heartbeat(), await heartbeat(), await heartbeat()];
const started = performance.now();
const attack = fetch(`${base}/api/appointments/${id}/visits/2026-11-23/completion`, {
  method: 'POST',
  headers: { ...worker.headers(), 'Content-Type': 'multipart/form-data; boundary=B', 'Idempotency-Key': crypto.randomUUID() },
  body,
}).then(
  async (reply) => ({ status: reply.status, ms: Math.round(performance.now() - started), connection: reply.headers.get('connection'), message: ((await reply.json()) as { message: string }).message }),
  (error: unknown) => ({ error: String(error), ms: Math.round(performance.now() - started) }),
);
await new Promise((resolve) => setTimeout(resolve, 20));
const beside = await heartbeat();
console.log(JSON.stringify({ bytes: body.length, attack: await attack, heartbeatAloneMs: alone, heartbeatBesideMs: beside }));
