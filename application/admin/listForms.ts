import { hasPermission } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';
import { checkCode, CODE_KEYS, type CodeKey } from '../../domain/settings/codes';
import { invalid, type FieldMessage, type Invalid } from '../forms/Invalid';
import type { Area, CodeSetting, Holiday, ListBodies, ListKind, ListRecords, OptionItem, OrderTerm } from './referenceLists';

/**
 * The form models of the Settings lists: a dialog's values from a record (or blank), the checks made
 * before sending (the same rules the server applies), and the body the values make.
 */

export type FieldValue = string | boolean;
export type Values = Readonly<Record<string, FieldValue>>;

export interface ListForm<K extends ListKind> {
  readonly toValues: (record: ListRecords[K]) => Values;
  readonly check: (values: Values) => Invalid;
  readonly toBody: (values: Values) => ListBodies[K];
}

const text = (v: FieldValue | undefined): string => (typeof v === 'string' ? v : '');
const flag = (v: FieldValue | undefined): boolean => v === true;
/** A sort order as typed: a whole number, 0 when empty or not a number. */
const order = (v: FieldValue | undefined): number => Number(v) || 0;

const ONE_LANGUAGE: FieldMessage = { key: 'admin:oneLanguageRequired' };

/** Either language is enough: the message goes on both fields when both are empty. */
function oneLanguage(values: Values, zh: string, en: string): Record<string, FieldMessage[]> {
  const empty = (v: FieldValue | undefined) => typeof v !== 'string' || v.trim() === '';
  return empty(values[zh]) && empty(values[en]) ? { [zh]: [ONE_LANGUAGE], [en]: [ONE_LANGUAGE] } : {};
}

const TERM_APPLIES = ['both', 'quotation', 'order'] as const;
const REGIONS = ['hk_island', 'kowloon', 'new_territories'] as const;
const pick = <T extends string>(choices: readonly T[], v: FieldValue | undefined): T => choices.find((c) => c === v) ?? choices[0]!;

export const orderTermForm: ListForm<'orderTerms'> = {
  toValues: (r: OrderTerm) => ({ titleZh: r.titleZh, titleEn: r.titleEn, bodyZh: r.bodyZh, bodyEn: r.bodyEn, appliesTo: r.appliesTo, sortOrder: String(r.sortOrder), active: r.active }),
  check: (v) => invalid(oneLanguage(v, 'titleZh', 'titleEn')),
  toBody: (v) => ({
    titleZh: text(v.titleZh),
    titleEn: text(v.titleEn),
    bodyZh: text(v.bodyZh),
    bodyEn: text(v.bodyEn),
    appliesTo: pick(TERM_APPLIES, v.appliesTo),
    sortOrder: order(v.sortOrder),
    active: flag(v.active),
  }),
};
export const blankOrderTerm: Values = { titleZh: '', titleEn: '', bodyZh: '', bodyEn: '', appliesTo: 'both', sortOrder: '0', active: true };

export const optionForm: ListForm<'options'> = {
  toValues: (r: OptionItem) => ({ labelZh: r.labelZh, labelEn: r.labelEn, value: r.value, sortOrder: String(r.sortOrder), active: r.active }),
  check: (v) => invalid({ ...oneLanguage(v, 'labelZh', 'labelEn'), ...(/^[a-z0-9_]+$/.test(text(v.value)) ? {} : { value: [{ key: 'admin:options.valueFormat' }] }) }),
  toBody: (v) => ({ labelZh: text(v.labelZh), labelEn: text(v.labelEn), value: text(v.value), sortOrder: order(v.sortOrder), active: flag(v.active) }),
};
export const blankOption: Values = { labelZh: '', labelEn: '', value: '', sortOrder: '0', active: true };

export const areaForm: ListForm<'areas'> = {
  toValues: (r: Area) => ({ nameZh: r.nameZh, nameEn: r.nameEn, region: r.region, sortOrder: String(r.sortOrder) }),
  check: (v) => invalid(oneLanguage(v, 'nameZh', 'nameEn')),
  toBody: (v) => ({ nameZh: text(v.nameZh), nameEn: text(v.nameEn), region: pick(REGIONS, v.region), sortOrder: order(v.sortOrder) }),
};
/** A new area comes after the ones there are. */
export const blankArea = (count: number): Values => ({ nameZh: '', nameEn: '', region: 'hk_island', sortOrder: String(count + 1) });

export const holidayForm: ListForm<'holidays'> = {
  toValues: (r: Holiday) => ({ date: r.date, nameZh: r.nameZh, nameEn: r.nameEn }),
  check: (v) => invalid({ ...oneLanguage(v, 'nameZh', 'nameEn'), ...(/^\d{4}-\d{2}-\d{2}$/.test(text(v.date)) ? {} : { date: [{ key: 'admin:holidays.dateRequired' }] }) }),
  toBody: (v) => ({ date: text(v.date), nameZh: text(v.nameZh), nameEn: text(v.nameEn) }),
};
/** A new holiday starts on the first day of the year shown. */
export const blankHoliday = (year: number): Values => ({ date: `${year}-01-01`, nameZh: '', nameEn: '' });

/** Each list's form, by kind. */
export const LIST_FORMS: { readonly [K in ListKind]: ListForm<K> } = { orderTerms: orderTermForm, options: optionForm, areas: areaForm, holidays: holidayForm };

/** Settings → Codes: the values shown, a prefix typed in capitals. */
export const codeValues = (codes: readonly CodeSetting[]): Record<string, string> => Object.fromEntries(codes.map((c) => [c.key, c.value]));
export const typedCode = (code: CodeSetting, typed: string): string => (code.kind === 'prefix' ? typed.toUpperCase() : typed);

/** Every code checked by the domain's rule for it. */
export function checkCodes(values: Readonly<Record<string, string>>): Invalid {
  const fields: Record<string, FieldMessage[]> = {};
  for (const key of CODE_KEYS) {
    const verdict = checkCode(key, values[key] ?? '');
    if (verdict !== 'ok') fields[key] = [{ key: `admin:${verdict}` }];
  }
  return invalid(fields);
}

export const isCodeKey = (key: string): key is CodeKey => (CODE_KEYS as readonly string[]).includes(key);

/** What a Settings list screen offers the signed-in user: adding, editing and deleting its records. */
export interface ListOffers {
  readonly create: boolean;
  readonly edit: boolean;
  readonly delete: boolean;
}

/**
 * What the Settings lists (ListEditor) and the codes offer for the user's setting rights, each by its
 * own right (the lists' use-case, ListDesk, loads with the first list screen and answers
 * asynchronously, so this is a plain function beside the lists' form models).
 */
export function listOffers(user: User | null): ListOffers {
  return { create: hasPermission(user, 'setting_create'), edit: hasPermission(user, 'setting_edit'), delete: hasPermission(user, 'setting_delete') };
}
