import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { ApiClient } from '../api/ApiClient';
import type { ApiError } from '../api/ApiError';
import { decodeClient, type Client, type ClientInput } from './client';
import { ClientService } from './ClientService';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function clientFrom(body: unknown): ResultAsync<Client, ApiError> {
  const client = isRecord(body) ? decodeClient(body.client) : null;
  return client ? okAsync(client) : errAsync({ code: 'server', status: 200, message: '' });
}

/** ClientService over the API (loaded with the first client screen: see the composition root). */
export class ApiClientService extends ClientService {
  constructor(private readonly api: ApiClient) {
    super();
  }

  create(input: ClientInput): ResultAsync<Client, ApiError> {
    return this.api.post('/api/clients', input).andThen(clientFrom);
  }

  /** A stale version is refused (conflict) and nothing is saved; the caller keeps the input. */
  update(id: number, version: number, input: ClientInput): ResultAsync<Client, ApiError> {
    return this.api.put(`/api/clients/${id}`, { ...input, version }).andThen(clientFrom);
  }

  delete(id: number): ResultAsync<void, ApiError> {
    return this.api.delete(`/api/clients/${id}`).map(() => undefined);
  }

  /** The full HKID (audited by the server). */
  revealHkid(id: number): ResultAsync<string | null, ApiError> {
    return this.api.post(`/api/clients/${id}/hkid/reveal`).map((body) => (isRecord(body) && typeof body.hkid === 'string' ? body.hkid : null));
  }
}
