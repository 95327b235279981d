import type { ConfirmationService } from '../navigation/ConfirmationService';
import type { NavigationService } from '../navigation/NavigationService';
import type { Clock } from '../ports/Clock';
import type { OrderBook } from '../ports/OrderBook';
import type { QuotationBook } from '../ports/QuotationBook';
import type { AppState } from '../state/AppState';
import type { OrderDesk, ReceiptDesk } from './OrderDesk';
import type { QuotationDesk } from './QuotationDesk';
import type { CustomerLinks } from '../ports/CustomerLinks';
import type { CustomerLinkDesk, CustomerResponder } from '../links/CustomerLinkDesk';

/** The quotation, invoice and receipts screens' use-cases. */
export interface SalesDesks {
  readonly quotation: QuotationDesk;
  readonly order: OrderDesk;
  readonly receipts: ReceiptDesk;
  /** A quotation's or invoice's customer links (staff). */
  readonly links: CustomerLinkDesk;
  /** The customer's answers on the page of a link. */
  readonly customer: CustomerResponder;
}

/**
 * Makes the sales use-cases on the first sales screen: they and the domain rules they use come with
 * it, not with every page's first download (the composition root, the /login budget).
 */
export class SalesDeskLoader {
  private desks: Promise<SalesDesks> | null = null;

  constructor(
    private readonly quotations: QuotationBook,
    private readonly orders: OrderBook,
    private readonly state: AppState,
    private readonly navigation: NavigationService,
    private readonly confirmation: ConfirmationService,
    private readonly clock: Clock,
    private readonly links: CustomerLinks,
  ) {}

  /** The same promise every time (React's `use`). */
  load(): Promise<SalesDesks> {
    this.desks ??= Promise.all([import('./QuotationDesk'), import('./OrderDesk')]).then(([q, o]) => ({
      quotation: new q.QuotationDesk(this.quotations, this.state, this.navigation, this.confirmation),
      order: new o.OrderDesk(this.orders, this.state, this.navigation, this.clock),
      receipts: new o.ReceiptDesk(this.orders, this.state),
      // The customer-link use-cases come in the quotation desk's chunk (no further import point in the sign-in page's entry).
      links: new q.CustomerLinkDesk(this.links),
      customer: new q.CustomerResponder(this.links),
    }));
    return this.desks;
  }
}
