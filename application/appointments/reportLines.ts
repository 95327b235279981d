import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import { hundredthsToDecimal, parseQuantity, type QuantityHundredths } from '../../domain/money/money';
import type { ApiError } from '../api/ApiError';
import { invalid, type Invalid } from '../forms/Invalid';
import type { Report, ReportInput } from './appointment';
import type { AppointmentService } from './AppointmentService';

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

/** The completed report as typed: its texts, its product rows, and the version of the visit it was loaded at. */
export interface ReportDraft {
  readonly workDone: string;
  readonly findings: string;
  /** Pests found and areas treated (issue 22); not sent when not given, so the server keeps them. */
  readonly pestsFound?: string | undefined;
  readonly areasTreated?: string | undefined;
  readonly clientSigner: string;
  readonly products: readonly ReportProductInput[];
  readonly version: number;
}

/** The report to save (texts trimmed, quantities in hundredths), or each row's problem under its field. */
function reportInput(draft: ReportDraft): Result<ReportInput, Invalid> {
  return reportLines(draft.products)
    .map((productsUsed) => ({
      workDone: draft.workDone.trim(),
      findings: draft.findings.trim(),
      ...(draft.pestsFound === undefined ? {} : { pestsFound: draft.pestsFound.trim() }),
      ...(draft.areasTreated === undefined ? {} : { areasTreated: draft.areasTreated.trim() }),
      productsUsed,
      clientSigner: draft.clientSigner.trim(),
      version: draft.version,
    }))
    .mapErr((problems) => invalid(Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, [{ key: `calendar:validation.${problem}` }]]))));
}

/** Saves a visit's completed report once every product row is right; nothing is sent otherwise. Resolves to the report as saved. */
export function saveReport(service: Pick<AppointmentService, 'saveReport'>, appointmentId: number, date: string, draft: ReportDraft): ResultAsync<Report, ApiError | Invalid> {
  return reportInput(draft).asyncAndThen((input) => service.saveReport(appointmentId, date, input));
}
