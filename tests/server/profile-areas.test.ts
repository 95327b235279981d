import { describe, expect, it } from 'vitest';
import { DEMO, serverForTests, signedInAgent, TestAgent } from './harness';

const { admin, sales, worker } = DEMO;

const server = serverForTests();

const signedIn = (who: { email: string; password: string }, language?: string) => signedInAgent(server, who, language);

type Profile = { name: string; email: string; language: string; version: number; role: string };

describe('GET /api/user/profile', () => {
  it('returns the signed-in user’s profile as an object', async () => {
    const agent = await signedIn(sales);
    const reply = await agent.get('/api/user/profile');
    expect(reply.status).toBe(200);
    expect(reply.body?.profile).toMatchObject({ name: sales.name, email: sales.email, language: 'zh-HK', role: 'sales', branch: { nameEn: 'Head Office', nameZh: '總公司' } });
  });

  it('needs a session', async () => {
    expect((await new TestAgent(server).get('/api/user/profile')).status).toBe(401);
  });
});

describe('PUT /api/user/profile', () => {
  it('saves name, email and language, bumps the version and audits what changed', async () => {
    const agent = await signedIn(worker);
    const before = (await agent.get('/api/user/profile')).body?.profile as Profile;
    const reply = await agent.put('/api/user/profile', { name: '黃永 Wing', email: 'wing@example.com', language: 'en', version: before.version, current_password: worker.password });
    expect(reply.status).toBe(200);
    const after = reply.body?.profile as Profile;
    expect(after).toMatchObject({ name: '黃永 Wing', email: 'wing@example.com', language: 'en', version: before.version + 1 });
    expect(reply.body?.user).toMatchObject({ name: '黃永 Wing', language: 'en' });
    const log = await server.db.selectFrom('audits').select(['action', 'entity_type', 'changes']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action: 'update', entity_type: 'user' });
    expect(log.changes).toEqual({ name: { from: worker.name, to: '黃永 Wing' }, email: { from: worker.email, to: 'wing@example.com' }, language: { from: 'zh-HK', to: 'en' } });
    // put it back for the other tests
    await agent.put('/api/user/profile', { name: worker.name, email: worker.email, language: 'zh-HK', version: after.version, current_password: worker.password });
  });

  it('changes the sign-in email only with the current password, and only from a browser session', async () => {
    const agent = await signedIn(worker);
    const profile = async () => (await agent.get('/api/user/profile')).body?.profile as Profile;
    const { version } = await profile();
    const without = await agent.put('/api/user/profile', { name: worker.name, email: 'taken-over@example.com', language: 'zh-HK', version });
    expect(without.status).toBe(422);
    expect(without.body?.errors).toEqual({ current_password: ['Enter your current password to change the email you sign in with.'] });
    const wrong = await agent.put('/api/user/profile', { name: worker.name, email: 'taken-over@example.com', language: 'zh-HK', version, current_password: 'Wrong0000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body?.errors).toEqual({ current_password: ['The provided password does not match your current password.'] });
    expect((await profile()).email).toBe(worker.email);

    // An API token, even one that may update, never changes it; the name it may.
    const token = (await agent.post('/api/user/api-tokens', { name: 'profile bot', abilities: ['read', 'update'] })).body?.plainTextToken as string;
    const bearer = { Authorization: `Bearer ${token}` };
    const bot = new TestAgent(server);
    const byToken = await bot.request('PUT', '/api/user/profile', { name: worker.name, email: 'taken-over@example.com', language: 'zh-HK', version, current_password: worker.password }, bearer);
    expect(byToken.status).toBe(403);
    expect(byToken.body?.message).toBe("Sign in to the app to change your account's security; an API token cannot.");
    expect((await profile()).email).toBe(worker.email);
    const renamed = await bot.request('PUT', '/api/user/profile', { name: 'Renamed by bot', email: worker.email, language: 'zh-HK', version }, bearer);
    expect(renamed.status).toBe(200);
    const after = await profile();
    expect(after).toMatchObject({ name: 'Renamed by bot', email: worker.email });
    expect((await agent.put('/api/user/profile', { name: worker.name, email: worker.email, language: 'zh-HK', version: after.version })).status).toBe(200);
  });

  it('refuses a stale version with 409, changing nothing', async () => {
    const agent = await signedIn(sales);
    const { version } = (await agent.get('/api/user/profile')).body?.profile as Profile;
    expect((await agent.put('/api/user/profile', { name: 'First', email: sales.email, language: 'zh-HK', version })).status).toBe(200);
    const stale = await agent.put('/api/user/profile', { name: 'Second', email: sales.email, language: 'zh-HK', version });
    expect(stale.status).toBe(409);
    expect(stale.body?.message).toBe('Someone else changed this record while you were editing. Your changes are kept; review them and save again.');
    expect(((await agent.get('/api/user/profile')).body?.profile as Profile).name).toBe('First');
  });

  it('refuses an email another account uses, in the user’s language', async () => {
    const agent = await signedIn(sales, 'zh-HK');
    const { version } = (await agent.get('/api/user/profile')).body?.profile as Profile;
    const reply = await agent.put('/api/user/profile', { name: 'Sam', email: admin.email.toUpperCase(), language: 'zh-HK', version, current_password: sales.password });
    expect(reply.status).toBe(422);
    expect(reply.body?.errors).toEqual({ email: ['此電郵地址已被其他帳戶使用。'] });
  });

  it('answers 422 with a message for every invalid field', async () => {
    const agent = await signedIn(sales);
    const reply = await agent.put('/api/user/profile', { name: '   ', email: 'nope', language: 'fr', version: 0 });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body?.errors as object).sort()).toEqual(['email', 'language', 'name', 'version']);
    expect((reply.body?.errors as Record<string, string[]>).name).toEqual(['This field is required.']);
  });
});

describe('GET /api/areas', () => {
  it('lists the 18 districts of Hong Kong as an array, in order', async () => {
    const agent = await signedIn(admin);
    const reply = await agent.get('/api/areas');
    const areas = reply.list as { nameEn: string; nameZh: string; region: string }[];
    expect(reply.status).toBe(200);
    expect(areas).toHaveLength(18);
    expect(areas[0]).toMatchObject({ nameEn: 'Central and Western', nameZh: '中西區', region: 'hk_island' });
    expect(areas.filter((a) => a.region === 'kowloon')).toHaveLength(5);
    expect(areas.at(-1)).toMatchObject({ nameEn: 'Islands', nameZh: '離島區' });
  });

  it('is refused to a user without setting_view, and to a visitor', async () => {
    const agent = await signedIn(worker);
    const reply = await agent.get('/api/areas');
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ message: 'You do not have permission to do this.' });
    expect((await new TestAgent(server).get('/api/areas')).status).toBe(401);
  });
});

describe('profile photo', () => {
  // A real 1×1 PNG: a stored picture is read to its end to take its metadata out.
  const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (ch) => ch.charCodeAt(0));

  async function upload(agent: TestAgent, body: Uint8Array | string, contentType = 'image/png') {
    const headers: Record<string, string> = { 'Content-Type': contentType, 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! };
    return agent.raw('PUT', '/api/user/profile-photo', body, headers);
  }

  it('stores an image under a server-made name and serves it with its real type', async () => {
    const agent = await signedIn(sales);
    const reply = await upload(agent, PNG, 'application/octet-stream');
    expect(reply.status).toBe(200);
    const url = (reply.body?.profile as { photoUrl: string }).photoUrl;
    expect(url).toMatch(/^\/api\/user\/profile-photo\/\d+\?v=/);
    const photo = await agent.rawGet(url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.headers.get('content-disposition')).toMatch(/^inline; filename="photo-\d+\.png"$/);
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(PNG);
    expect(server.files.size).toBe(1);
    // a new photo replaces the old file
    await upload(agent, PNG);
    expect(server.files.size).toBe(1);
  });

  it('refuses a file that is not an image by its content, whatever it claims', async () => {
    const agent = await signedIn(sales);
    const reply = await upload(agent, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/png');
    expect(reply.status).toBe(422);
    expect(reply.body?.errors).toEqual({ photo: ['The file must be an image (PNG, JPEG, GIF or WebP).'] });
  });

  it('refuses more than 5 MB with the spec’s message, keeping exactly 5 MB', async () => {
    const agent = await signedIn(sales);
    const exact = new Uint8Array(5 * 1024 * 1024);
    exact.set(PNG);
    expect((await upload(agent, exact)).status).toBe(200);
    const over = new Uint8Array(5 * 1024 * 1024 + 1);
    over.set(PNG);
    const reply = await upload(agent, over);
    expect(reply.status).toBe(413);
    expect(reply.body?.message).toBe('Error! File Size is over limit 5MB. Please upload again.');
  });

  it('can be removed', async () => {
    const agent = await signedIn(sales);
    await upload(agent, PNG);
    const reply = await agent.request('DELETE', '/api/user/profile-photo', undefined, { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! });
    expect((reply.body?.profile as { photoUrl: string | null }).photoUrl).toBeNull();
  });
});
