import * as z from 'zod';
import { FULL_RATE_BP, MAX_QUANTITY_HUNDREDTHS } from '../../../domain/money/money';
import { INT_MAX } from '../../db/limits';
import { isoDate } from '../../http/dates';
import { optionalText } from '../../http/fields';

/** The largest amount an integer column holds; totals beyond it are refused (HK$21,474,836.47). */
export const MAX_DOCUMENT_CENTS = 2_147_483_647;

const recordId = z.number().int().positive().max(INT_MAX);

/** One line of a quotation or an order, as the screens send it (quantity in hundredths, price in cents). */
export const ItemInput = z.object({
  productId: recordId.nullable().default(null),
  descriptionEn: optionalText(500),
  descriptionZh: optionalText(500),
  quantity: z.number().int().min(1).max(MAX_QUANTITY_HUNDREDTHS),
  unitPrice: z.number().int().min(0).max(MAX_DOCUMENT_CENTS),
});
export type ItemInput = z.output<typeof ItemInput>;

export const ItemsInput = z.array(ItemInput).min(1).max(100);

/** The body fields a quotation and an order share: the date, the client, branch and salesperson. */
export const documentHead = {
  date: isoDate,
  clientId: recordId,
  branchId: recordId.nullable().default(null),
  salespersonId: recordId.nullable().default(null),
};

/** The body fields a quotation and an order share: the discount, the lines, the chosen terms, notes. */
export const documentBody = {
  discountRateBp: z.number().int().min(0).max(FULL_RATE_BP).default(0),
  items: ItemsInput,
  termIds: z.array(recordId).max(20).default([]),
  notes: optionalText(5000),
};

/** What every document's input holds (for the checks and the lines both kinds share). */
export interface DocumentInput {
  readonly date: string;
  readonly clientId: number;
  readonly branchId: number | null;
  readonly salespersonId: number | null;
  readonly discountRateBp: number;
  readonly items: readonly ItemInput[];
  readonly termIds: readonly number[];
  readonly notes: string;
}
