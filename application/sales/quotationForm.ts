import { err, ok, type Result } from 'neverthrow';
import { contractVisitDates, type QuotationKind, type VisitFrequency } from '../../domain/quotations/quotation';
import { isIsoDate, type IsoDate } from '../../domain/time/dates';
import { invalid, type Invalid } from '../forms/Invalid';
import { documentStart, readDocument, salesRule, type DocumentForm } from './documentForm';
import type { Quotation, QuotationInput, QuotationScreenData } from './sales';

/** A quotation's form as typed: the document's fields, its kind, validity and contract terms. */
export interface QuotationForm extends DocumentForm {
  readonly kind: QuotationKind;
  readonly validDays: string;
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly frequency: VisitFrequency;
}

/** How long a quotation stays valid, in days, when nothing else is said, and the most it may be. */
const DEFAULT_VALID_DAYS = 30;
const MAX_VALID_DAYS = 365;

/**
 * The quotation's form as it opens: the quotation's values (as the screen holds it now, after a
 * status move), or a new quotation's defaults from the screen's data (basic, 30 days, monthly).
 */
export function quotationStart(screen: QuotationScreenData, quotation: Quotation | null): QuotationForm {
  const fresh = screen.quotation ? null : screen;
  return {
    ...documentStart(quotation, fresh, screen.options),
    kind: quotation?.kind ?? fresh?.defaults.kind ?? 'basic',
    validDays: String(quotation?.validDays ?? fresh?.defaults.validDays ?? DEFAULT_VALID_DAYS),
    periodStart: quotation?.contract?.periodStart ?? '',
    periodEnd: quotation?.contract?.periodEnd ?? '',
    frequency: quotation?.contract?.frequency ?? 'monthly',
  };
}

/** The visits a contract's period and frequency plan, by the domain's rule (none until both dates read, or for a basic quotation). */
export function plannedVisits(form: Pick<QuotationForm, 'kind' | 'periodStart' | 'periodEnd' | 'frequency'>): IsoDate[] {
  if (form.kind !== 'contract' || !isIsoDate(form.periodStart) || !isIsoDate(form.periodEnd)) return [];
  return contractVisitDates({ periodStart: form.periodStart, periodEnd: form.periodEnd, frequency: form.frequency });
}

/** The form read with the domain's rules: the quotation to save, or a message key per field (every field at once). */
export function readQuotationForm(form: QuotationForm): Result<QuotationInput, Invalid> {
  const shared = readDocument(form);
  const fields = shared.fields;
  const days = form.validDays.trim();
  const validDays = /^\d+$/.test(days) ? Number(days) : Number.NaN;
  if (!(validDays >= 1 && validDays <= MAX_VALID_DAYS)) fields.validDays = [salesRule('validation.validDays')];
  if (form.kind === 'contract') {
    if (!isIsoDate(form.periodStart)) fields['contract.periodStart'] = [salesRule('validation.date')];
    if (!isIsoDate(form.periodEnd)) fields['contract.periodEnd'] = [salesRule('validation.date')];
    else if (form.periodEnd < form.periodStart) fields['contract.periodEnd'] = [salesRule('validation.contractPeriod')];
  }
  if (Object.keys(fields).length > 0) return err(invalid(fields));
  const contract = form.kind === 'contract' ? { periodStart: form.periodStart, periodEnd: form.periodEnd, frequency: form.frequency } : null;
  return ok({ ...shared.value, kind: form.kind, validDays, contract });
}
