/**
 * The wire of the Settings lists: order terms, option lists, areas, holidays and codes (the routes of
 * server/admin/lists and server/admin/codes), replies and the bodies the list screens send. The
 * server's replies are read by these in tests/server/lists-contract.test.ts; the browser's adapter
 * (infrastructure/http/admin/HttpReferenceLists.ts) and the list screens' data decode with them.
 */
import * as z from 'zod/mini';
import { CODE_KEYS, type CodeKey } from '../domain/settings/codes';
import { OPTION_KEYS } from '../domain/settings/options';
import { Id, IsoDateText, TermWords, Version } from './common';

export const TERM_APPLIES_TO = ['both', 'quotation', 'order'] as const;
export const REGIONS = ['hk_island', 'kowloon', 'new_territories'] as const;

const SortOrder = z.number().check(z.int(), z.nonnegative());

/** What the order term form edits: the words, the documents it applies to, its place and whether it is offered. */
const orderTermFields = { ...TermWords.shape, appliesTo: z.enum(TERM_APPLIES_TO), sortOrder: SortOrder, active: z.boolean() };

/** A reusable term of quotations and orders, in both languages. */
export const OrderTerm = z.object({ id: Id, ...orderTermFields, version: Version });
export type OrderTerm = z.infer<typeof OrderTerm>;

/** GET /api/order-terms: every term, in display order. */
export const OrderTermList = z.array(OrderTerm);
export const OrderTermReply = z.object({ term: OrderTerm });

/** What the option form edits: the stored value, its words, its place and whether it is offered. */
const optionFields = { value: z.string(), labelEn: z.string(), labelZh: z.string(), sortOrder: SortOrder, active: z.boolean() };

/** One value of a keyed option list. */
export const OptionItem = z.object({ id: Id, key: z.enum(OPTION_KEYS), ...optionFields, version: Version });
export type OptionItem = z.infer<typeof OptionItem>;

/** GET /api/options/{key}: the list's values, with the keys of every list. */
export const OptionList = z.object({ key: z.enum(OPTION_KEYS), keys: z.array(z.enum(OPTION_KEYS)), items: z.array(OptionItem) });
export type OptionList = z.infer<typeof OptionList>;
export const OptionReply = z.object({ option: OptionItem });

/** A district of Hong Kong, as addresses and filters use it. */
export const Area = z.object({ id: Id, nameEn: z.string(), nameZh: z.string(), region: z.enum(REGIONS), sortOrder: SortOrder, version: Version });
export type Area = z.infer<typeof Area>;

/** GET /api/areas: every area, in display order. */
export const AreaList = z.array(Area);
export const AreaReply = z.object({ area: Area });

export const Holiday = z.object({ id: Id, date: IsoDateText, nameEn: z.string(), nameZh: z.string(), version: Version });
export type Holiday = z.infer<typeof Holiday>;

/** GET /api/holidays?year=…: the year's holidays, by date. */
export const HolidayList = z.array(Holiday);
export const HolidayReply = z.object({ holiday: Holiday });

/** A code of Settings → Codes: its value (the default until saved) and version (0 until saved). */
export const CodeSetting = z.object({ key: z.enum(CODE_KEYS as [CodeKey, ...CodeKey[]]), kind: z.enum(['prefix', 'number']), value: z.string(), version: Version });
export type CodeSetting = z.infer<typeof CodeSetting>;

/** GET and PUT /api/settings: every code. */
export const CodesReply = z.object({ codes: z.array(CodeSetting) });
export type CodesReply = z.infer<typeof CodesReply>;

// The bodies the list screens send (the server trims, defaults and checks them again).

export const OrderTermInput = z.object(orderTermFields);
export type OrderTermInput = z.infer<typeof OrderTermInput>;

export const OptionInput = z.object(optionFields);
export type OptionInput = z.infer<typeof OptionInput>;

export const AreaInput = z.object({ nameEn: z.string(), nameZh: z.string(), region: z.enum(REGIONS), sortOrder: SortOrder });
export type AreaInput = z.infer<typeof AreaInput>;

export const HolidayInput = z.object({ date: z.string(), nameEn: z.string(), nameZh: z.string() });
export type HolidayInput = z.infer<typeof HolidayInput>;

/** PUT /api/settings: the values to save, with the version each was loaded at. */
export const CodesInput = z.object({ values: z.record(z.string(), z.string()), versions: z.record(z.string(), Version) });
export type CodesInput = z.infer<typeof CodesInput>;
