import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  AreaInput,
  AreaList,
  AreaReply,
  CodesInput,
  CodesReply,
  HolidayInput,
  HolidayList,
  HolidayReply,
  OptionInput,
  OptionList,
  OptionReply,
  OrderTermInput,
  OrderTermList,
  OrderTermReply,
} from '../../contract/lists';
import { OPTION_KEYS } from '../../domain/settings/options';
import { DEMO_USERS } from '../../server/db/seed';
import { startTestServer, TestAgent, type TestServer } from './harness';

/*
 * Every reply of the Settings lists and codes (order terms, options, areas, holidays, codes), from
 * the real server on the seeded database, read by the wire contract the browser decodes with
 * (contract/lists.ts): a field renamed, dropped or retyped on either side fails here.
 */

const admin = DEMO_USERS.find((u) => u.role === 'admin')!;

let server: TestServer;
let agent: TestAgent;

beforeAll(async () => {
  server = await startTestServer();
  agent = new TestAgent(server);
  expect((await agent.signIn(admin.email, admin.password)).status).toBe(200);
});
afterAll(async () => {
  await server.close();
});

/** The reply's body read by `schema`, failing with the mismatches and the status. */
function read<S extends z.ZodMiniType>(schema: S, reply: { status: number; body: unknown; list: unknown[] }, status = 200): z.output<S> {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  // An array reply comes as `list`.
  const parsed = z.safeParse(schema, reply.body ?? reply.list);
  expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  return parsed.data!;
}

describe('the Settings list replies match the wire contract', () => {
  it('order terms: list, create, update', async () => {
    read(OrderTermList, await agent.get('/api/order-terms'));
    const input = OrderTermInput.parse({ titleEn: 'Contract term', titleZh: '合約條款', bodyEn: 'Body', bodyZh: '內容', appliesTo: 'order', sortOrder: 3, active: true });
    const { term } = read(OrderTermReply, await agent.post('/api/order-terms', input), 201);
    expect(read(OrderTermReply, await agent.put(`/api/order-terms/${term.id}`, { ...input, titleEn: 'Renamed', version: term.version })).term.titleEn).toBe('Renamed');
    expect(read(OrderTermList, await agent.get('/api/order-terms')).some((t) => t.id === term.id)).toBe(true);
  });

  it('options: every list, create, update', async () => {
    for (const key of OPTION_KEYS) expect(read(OptionList, await agent.get(`/api/options/${key}`)).key).toBe(key);
    const input = OptionInput.parse({ value: 'contract_source', labelEn: 'Contract', labelZh: '合約', sortOrder: 9, active: true });
    const { option } = read(OptionReply, await agent.post('/api/options/client_source', input), 201);
    expect(read(OptionReply, await agent.put(`/api/options/client_source/${option.id}`, { ...input, active: false, version: option.version })).option.active).toBe(false);
  });

  it('areas: list, create, update', async () => {
    expect(read(AreaList, await agent.get('/api/areas')).length).toBe(18);
    const input = AreaInput.parse({ nameEn: 'Contract District', nameZh: '合約區', region: 'kowloon', sortOrder: 30 });
    const { area } = read(AreaReply, await agent.post('/api/areas', input), 201);
    expect(read(AreaReply, await agent.put(`/api/areas/${area.id}`, { ...input, region: 'new_territories', version: area.version })).area.region).toBe('new_territories');
  });

  it('holidays: a year, create, update', async () => {
    expect(read(HolidayList, await agent.get('/api/holidays?year=2026')).length).toBeGreaterThan(0);
    const input = HolidayInput.parse({ date: '2031-07-02', nameEn: 'Contract day', nameZh: '合約日' });
    const { holiday } = read(HolidayReply, await agent.post('/api/holidays', input), 201);
    expect(holiday.date).toBe('2031-07-02');
    expect(read(HolidayReply, await agent.put(`/api/holidays/${holiday.id}`, { ...input, nameEn: 'Renamed', version: holiday.version })).holiday.nameEn).toBe('Renamed');
    expect(read(HolidayList, await agent.get('/api/holidays?year=2031')).map((h) => h.date)).toContain('2031-07-02');
  });

  it('codes: read and save', async () => {
    const { codes } = read(CodesReply, await agent.get('/api/settings'));
    const input = CodesInput.parse({ values: { refund_prefix: 'RFC' }, versions: Object.fromEntries(codes.map((c) => [c.key, c.version])) });
    const saved = read(CodesReply, await agent.put('/api/settings', input));
    expect(saved.codes.find((c) => c.key === 'refund_prefix')?.value).toBe('RFC');
  });
});
