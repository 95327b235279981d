import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../../../application/api/ApiError';
import type { ClientFinder } from '../../../application/ports/ClientFinder';
import type { NamedOption } from '../../../application/sales/sales';
import type { SalesWire } from './SalesWire';

/** The clients list's own search (GET /api/clients?q=…), first 20 matches, without the progress bar. */
export class HttpClientFinder implements ClientFinder {
  constructor(private readonly wire: SalesWire) {}

  find(q: string): ResultAsync<NamedOption[], ApiError> {
    return this.wire
      .call({ method: 'GET', path: '/api/clients', query: { q, per_page: 20 } }, (c) => c.ClientMatches, { progress: false })
      .map((r) => r.items.map(({ id, nameEn, nameZh }) => ({ id, nameEn, nameZh })));
  }
}
