import type { ApiClient } from '../../../application/api/ApiClient';
import { HttpClientFinder } from './HttpClientFinder';
import { HttpOrderBook } from './HttpOrderBook';
import { HttpQuotationBook } from './HttpQuotationBook';
import { SalesWire } from './SalesWire';

/** The sales adapters, made together over one wire (loaded lazily by the composition root). */
export function salesAdapters(api: ApiClient) {
  const wire = new SalesWire(api);
  return { quotations: new HttpQuotationBook(wire), orders: new HttpOrderBook(wire), clients: new HttpClientFinder(wire) };
}

/** Customer links' adapter, in the same lazily loaded chunk as the sales adapters (one import point in the composition root). */
export { HttpCustomerLinks } from '../links/HttpCustomerLinks';
