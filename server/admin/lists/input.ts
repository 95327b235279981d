import * as z from 'zod';
import { isoDate } from '../../http/dates';
import { optionalText, versionField } from '../../http/fields';

/** The request bodies of Settings → Order terms, Options, Areas and Holidays. */
export const TermInput = z.object({
  titleEn: optionalText(200),
  titleZh: optionalText(200),
  bodyEn: optionalText(5000),
  bodyZh: optionalText(5000),
  appliesTo: z.enum(['quotation', 'order', 'both']).default('both'),
  sortOrder: z.number().int().min(0).max(9999).default(0),
  active: z.boolean().default(true),
});
export const OptionInput = z.object({
  value: z.string().trim().min(1).max(40).regex(/^[a-z0-9_]+$/),
  labelEn: optionalText(120),
  labelZh: optionalText(120),
  sortOrder: z.number().int().min(0).max(9999).default(0),
  active: z.boolean().default(true),
});
export const AreaInput = z.object({ nameEn: optionalText(120), nameZh: optionalText(120), region: z.enum(['hk_island', 'kowloon', 'new_territories']), sortOrder: z.number().int().min(0).max(9999).default(0) });
export const HolidayInput = z.object({ date: isoDate, nameEn: optionalText(200), nameZh: optionalText(200) });
export const HolidayQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100) });

const versioned = { version: versionField };
export const UpdateTerm = TermInput.extend(versioned);
export const UpdateOption = OptionInput.extend(versioned);
export const UpdateArea = AreaInput.extend(versioned);
export const UpdateHoliday = HolidayInput.extend(versioned);

export type TermInput = z.output<typeof TermInput>;
export type OptionInput = z.output<typeof OptionInput>;
export type AreaInput = z.output<typeof AreaInput>;
export type HolidayInput = z.output<typeof HolidayInput>;
export type Versioned<T> = T & { readonly version: number };
