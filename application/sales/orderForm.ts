import { err, ok, type Result } from 'neverthrow';
import { followingDueDate, type OrderType } from '../../domain/orders/order';
import { isIsoDate } from '../../domain/time/dates';
import { invalid, type Invalid } from '../forms/Invalid';
import { documentStart, readDocument, salesRule, type DocumentForm } from './documentForm';
import type { OrderInput, OrderScreenData } from './sales';

/** An invoice's form as typed: the document's fields, its type and due date. */
export interface OrderForm extends DocumentForm {
  readonly type: OrderType;
  readonly dueDate: string;
}

/** The invoice's form as it opens: the invoice's values, or a new invoice's defaults from the screen's data. */
export function orderStart(screen: OrderScreenData): OrderForm {
  const fresh = screen.order ? null : screen;
  return {
    ...documentStart(screen.order, fresh, screen.options),
    type: screen.order?.type ?? fresh?.defaults.type ?? 'new_order',
    dueDate: screen.order?.dueDate ?? fresh?.defaults.dueDate ?? '',
  };
}

/**
 * A change to the form: a new invoice's due date follows its date by the payment terms (the
 * domain's rule) until the user sets the due date themselves.
 */
export function changeOrderForm(form: OrderForm, change: Partial<OrderForm>, screen: OrderScreenData, dueSetByUser: boolean): OrderForm {
  const paymentTermsDays = screen.order ? 0 : screen.defaults.paymentTermsDays;
  const follows = change.date !== undefined && change.dueDate === undefined;
  return { ...form, ...change, ...(follows ? { dueDate: followingDueDate(change.date ?? form.date, paymentTermsDays, form.dueDate, dueSetByUser) } : {}) };
}

/** The form read with the domain's rules: the invoice to save, or a message key per field (every field at once). */
export function readOrderForm(form: OrderForm): Result<OrderInput, Invalid> {
  const shared = readDocument(form);
  const fields = shared.fields;
  if (!isIsoDate(form.dueDate)) fields.dueDate = [salesRule('validation.date')];
  else if (form.dueDate < form.date) fields.dueDate = [salesRule('validation.dueBeforeDate')];
  if (Object.keys(fields).length > 0) return err(invalid(fields));
  return ok({ ...shared.value, type: form.type, dueDate: form.dueDate });
}
