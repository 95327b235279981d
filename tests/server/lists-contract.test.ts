import { expect, it } from 'vitest';
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
import { describeContract, readReply } from './harness';

/*
 * The Settings lists and codes (order terms, options, areas, holidays, codes), read by contract/lists.ts
 * (the frame: describeContract in harness.ts).
 */

describeContract('the Settings list replies', (agent) => {
  it('order terms: list, create, update', async () => {
    readReply(OrderTermList, await agent.get('/api/order-terms'));
    const input = OrderTermInput.parse({ titleEn: 'Contract term', titleZh: '合約條款', bodyEn: 'Body', bodyZh: '內容', appliesTo: 'order', sortOrder: 3, active: true });
    const { term } = readReply(OrderTermReply, await agent.post('/api/order-terms', input), 201);
    expect(readReply(OrderTermReply, await agent.put(`/api/order-terms/${term.id}`, { ...input, titleEn: 'Renamed', version: term.version })).term.titleEn).toBe('Renamed');
    expect(readReply(OrderTermList, await agent.get('/api/order-terms')).some((t) => t.id === term.id)).toBe(true);
  });

  it('options: every list, create, update', async () => {
    for (const key of OPTION_KEYS) expect(readReply(OptionList, await agent.get(`/api/options/${key}`)).key).toBe(key);
    const input = OptionInput.parse({ value: 'contract_source', labelEn: 'Contract', labelZh: '合約', sortOrder: 9, active: true });
    const { option } = readReply(OptionReply, await agent.post('/api/options/client_source', input), 201);
    expect(readReply(OptionReply, await agent.put(`/api/options/client_source/${option.id}`, { ...input, active: false, version: option.version })).option.active).toBe(false);
  });

  it('areas: list, create, update', async () => {
    expect(readReply(AreaList, await agent.get('/api/areas')).length).toBe(18);
    const input = AreaInput.parse({ nameEn: 'Contract District', nameZh: '合約區', region: 'kowloon', sortOrder: 30 });
    const { area } = readReply(AreaReply, await agent.post('/api/areas', input), 201);
    expect(readReply(AreaReply, await agent.put(`/api/areas/${area.id}`, { ...input, region: 'new_territories', version: area.version })).area.region).toBe('new_territories');
  });

  it('holidays: a year, create, update', async () => {
    expect(readReply(HolidayList, await agent.get('/api/holidays?year=2026')).length).toBeGreaterThan(0);
    const input = HolidayInput.parse({ date: '2031-07-02', nameEn: 'Contract day', nameZh: '合約日' });
    const { holiday } = readReply(HolidayReply, await agent.post('/api/holidays', input), 201);
    expect(holiday.date).toBe('2031-07-02');
    expect(readReply(HolidayReply, await agent.put(`/api/holidays/${holiday.id}`, { ...input, nameEn: 'Renamed', version: holiday.version })).holiday.nameEn).toBe('Renamed');
    expect(readReply(HolidayList, await agent.get('/api/holidays?year=2031')).map((h) => h.date)).toContain('2031-07-02');
  });

  it('codes: read and save', async () => {
    const { codes } = readReply(CodesReply, await agent.get('/api/settings'));
    const input = CodesInput.parse({ values: { refund_prefix: 'RFC' }, versions: Object.fromEntries(codes.map((c) => [c.key, c.version])) });
    const saved = readReply(CodesReply, await agent.put('/api/settings', input));
    expect(saved.codes.find((c) => c.key === 'refund_prefix')?.value).toBe('RFC');
  });
});
