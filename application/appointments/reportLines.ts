import { err, ok, type Result } from 'neverthrow';
import { hundredthsToDecimal, parseQuantity, type QuantityHundredths } from '../../domain/money/money';

/** A product row of the completed report as typed. */
export interface ReportProductInput {
  readonly productId: string;
  readonly quantity: string;
  readonly note: string;
}

/** A product line as the report is saved: the quantity in hundredths (domain money). */
export interface ReportLine {
  readonly productId: number;
  readonly quantity: QuantityHundredths;
  readonly note: string;
}

/** What is wrong with a typed row, by its field (`productsUsed.{i}.productId` / `.quantity`). */
export type ReportLineProblems = Readonly<Record<string, 'product' | 'quantity'>>;

/** The typed product rows as report lines, or every row's problem at once. */
export function reportLines(rows: readonly ReportProductInput[]): Result<ReportLine[], ReportLineProblems> {
  const problems: Record<string, 'product' | 'quantity'> = {};
  const lines = rows.map((p, i) => {
    const quantity = parseQuantity(p.quantity);
    if (!p.productId) problems[`productsUsed.${i}.productId`] = 'product';
    if (quantity.isErr()) problems[`productsUsed.${i}.quantity`] = 'quantity';
    return { productId: Number(p.productId), quantity: quantity.unwrapOr(0), note: p.note.trim() };
  });
  return Object.keys(problems).length > 0 ? err(problems) : ok(lines);
}

/** A stored quantity (hundredths) as the row shows it: 150 → "1.5". */
export const quantityText = (hundredths: QuantityHundredths): string => hundredthsToDecimal(hundredths);
