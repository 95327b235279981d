import { okAsync, ResultAsync } from 'neverthrow';
import { hasPermission } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';
import { quotationMoves } from '../../domain/quotations/quotation';
import type { ApiError } from '../api/ApiError';
import type { Invalid } from '../forms/Invalid';
import type { ConfirmationService } from '../navigation/ConfirmationService';
import type { NavigationService } from '../navigation/NavigationService';
import type { QuotationBook } from '../ports/QuotationBook';
import type { AppState } from '../state/AppState';
import { readQuotationForm, type QuotationForm } from './quotationForm';
import type { Quotation, QuotationInput, QuotationMove } from './sales';

/** What the quotation screen offers the signed-in user for a quotation (or a new one). */
export interface QuotationOffers {
  /** May edit (or, for a new one, create) quotations at all. */
  readonly canEdit: boolean;
  /** The form can be changed and saved: allowed, and the quotation is still a draft. */
  readonly editable: boolean;
  /** The status moves offered, by the domain's transitions. */
  readonly moves: readonly QuotationMove[];
  readonly convert: boolean;
  readonly delete: boolean;
}

/**
 * The quotation screen's use-cases: what it offers for the user's rights
 * and the quotation's status (the domain's moves), and each action's save → notify → navigate.
 */
export class QuotationDesk {
  constructor(
    private readonly book: QuotationBook,
    private readonly state: AppState,
    private readonly navigation: NavigationService,
    private readonly confirmation: ConfirmationService,
  ) {}

  offers(user: User | null, quotation: Quotation | null): QuotationOffers {
    const canEdit = hasPermission(user, quotation ? 'quotation_edit' : 'quotation_create');
    if (!quotation) return { canEdit, editable: canEdit, moves: [], convert: false, delete: false };
    return {
      canEdit,
      editable: canEdit && quotation.status === 'draft',
      moves: canEdit ? quotationMoves(quotation.status).filter((s): s is QuotationMove => s !== 'expired') : [],
      convert: canEdit && quotation.status === 'accepted' && !quotation.order && hasPermission(user, 'order_create'),
      delete: quotation.status === 'draft' && !quotation.order && hasPermission(user, 'quotation_delete'),
    };
  }

  /**
   * The form as typed, read with the domain's rules and saved: every field it breaks (nothing is
   * sent), or what `save` does.
   */
  submit(quotation: Quotation | null, form: QuotationForm): ResultAsync<Quotation, Invalid | ApiError> {
    return readQuotationForm(form).asyncAndThen((input) => this.save(quotation, input));
  }

  /** Saves; a new quotation opens at its own address, an edit shows the saved one. */
  save(quotation: Quotation | null, input: QuotationInput): ResultAsync<Quotation, ApiError> {
    const saved = quotation ? this.book.update(quotation, input) : this.book.create(input);
    return saved.andThen((result) =>
      this.after(async () => {
        if (!quotation) await this.navigation.navigate(`/quotations/basic/${result.id}`, { replace: true });
        else this.reload();
        this.notify('sales:quotation.saved');
        return result;
      }),
    );
  }

  move(quotation: Quotation, status: QuotationMove): ResultAsync<Quotation, ApiError> {
    return this.book.move(quotation, status).map((moved) => {
      this.state.set({ unsavedChanges: false });
      this.reload();
      this.notify(`sales:quotation.moved.${status}`);
      return moved;
    });
  }

  /** An accepted quotation becomes an order, which opens. */
  convert(quotation: Quotation): ResultAsync<number, ApiError> {
    return this.book.convert(quotation).andThen((orderId) =>
      this.after(async () => {
        await this.navigation.navigate(`/orders/order/invoice/${orderId}`);
        this.notify('sales:quotation.converted');
        return orderId;
      }),
    );
  }

  /** Deletes a draft once the user confirms; resolves to false when they did not. */
  remove(quotation: Quotation): ResultAsync<boolean, ApiError> {
    return ResultAsync.fromSafePromise(this.confirmation.ask({ kind: 'delete', values: { name: quotation.number } })).andThen((sure) => (sure ? this.removeNow(quotation) : okAsync(false)));
  }

  private removeNow(quotation: Quotation): ResultAsync<boolean, ApiError> {
    return this.book.remove(quotation.id).andThen(() =>
      this.after(async () => {
        await this.navigation.navigate('/quotations', { replace: true });
        this.notify('sales:quotation.deleted');
        return true;
      }),
    );
  }

  private after<T>(then: () => Promise<T>): ResultAsync<T, ApiError> {
    this.state.set({ unsavedChanges: false });
    return ResultAsync.fromSafePromise(then());
  }

  private reload(): void {
    this.state.set({ viewKey: this.state.get().viewKey + 1 });
  }

  private notify(title: string): void {
    this.state.set({ notification: { title, type: 'success' } });
  }
}

/** The customer-link use-cases travel with this module (SalesDeskLoader makes them with the quotation desk). */
export { CustomerLinkDesk, CustomerResponder } from '../links/CustomerLinkDesk';
