import type { Decode } from '../../../application/api/ApiClient';
import type { ScreenDataTypes } from '../../../application/navigation/screenData';
import { NewOrderPage, NewQuotationPage, OrderList, OrderPage, QuotationList, QuotationPage, ReceiptList } from '../../../contract/sales';
import { CustomerDocumentReply } from '../../../contract/customerLinks';
import { decoderOf } from '../wire';

/*
 * The sales screens' data read by the wire contract (SCREEN_DECODERS loads this module with the first
 * sales screen). A screen for a new document gets its form's page, with no document (`null`).
 */

type SalesScreen = 'quotations' | 'quotation' | 'orders' | 'order' | 'receipts' | 'customerDocument';
type Decoders = { readonly [K in SalesScreen]: Decode<ScreenDataTypes[K]> };

const has = (body: unknown, key: string) => typeof body === 'object' && body !== null && key in body;

const quotationPage = decoderOf(QuotationPage);
const newQuotationPage = decoderOf(NewQuotationPage);
const orderPage = decoderOf(OrderPage);
const newOrderPage = decoderOf(NewOrderPage);

export const salesScreens: Decoders = {
  quotations: decoderOf(QuotationList),
  quotation: (body) => (has(body, 'quotation') ? quotationPage(body) : newQuotationPage(body).map((page) => ({ ...page, quotation: null }))),
  orders: decoderOf(OrderList),
  order: (body) => (has(body, 'order') ? orderPage(body) : newOrderPage(body).map((page) => ({ ...page, order: null }))),
  receipts: decoderOf(ReceiptList),
  // A customer's page (/d/{token}): its document through its link.
  customerDocument: decoderOf(CustomerDocumentReply),
};
