import type { ResultAsync } from 'neverthrow';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { Client, ClientInput } from '../../../application/clients/client';
import type { ClientDirectory } from '../../../application/ports/ClientDirectory';
import { clientDecoder } from './ClientWire';

/**
 * ClientDirectory over the API: /api/clients and its HKID reveal, replies decoded by contract/clients.ts
 * (a reply that does not match is `malformedReply`, never a default).
 */
export class HttpClientDirectory implements ClientDirectory {
  constructor(private readonly api: ApiClient) {}

  create(input: ClientInput): ResultAsync<Client, ApiError> {
    return this.api.call({ method: 'POST', path: '/api/clients', body: input }, clientDecoder((c) => c.ClientReply)).map((reply) => reply.client);
  }

  update(id: number, version: number, input: ClientInput): ResultAsync<Client, ApiError> {
    return this.api.call({ method: 'PUT', path: `/api/clients/${id}`, body: { ...input, version } }, clientDecoder((c) => c.ClientReply)).map((reply) => reply.client);
  }

  /** 204, no body. */
  remove(id: number): ResultAsync<void, ApiError> {
    return this.api.delete(`/api/clients/${id}`).map(() => undefined);
  }

  revealHkid(id: number): ResultAsync<string | null, ApiError> {
    return this.api.call({ method: 'POST', path: `/api/clients/${id}/hkid/reveal` }, clientDecoder((c) => c.HkidReply)).map((reply) => reply.hkid);
  }
}
