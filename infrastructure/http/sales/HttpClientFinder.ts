import type { ResultAsync } from 'neverthrow';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { ClientFinder } from '../../../application/ports/ClientFinder';
import type { NamedOption } from '../../../application/sales/sales';
import { readBy } from './reply';

/** The clients list's own search (GET /api/clients?q=…), first 20 matches, without the progress bar. */
export class HttpClientFinder implements ClientFinder {
  constructor(private readonly api: ApiClient) {}

  find(q: string): ResultAsync<NamedOption[], ApiError> {
    return this.api.get('/api/clients', { q, per_page: 20 }, { progress: false }).andThen((body) => readBy((c) => c.ClientMatches)(body).map((r) => r.items.map(({ id, nameEn, nameZh }) => ({ id, nameEn, nameZh }))));
  }
}
