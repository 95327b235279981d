import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import type { Client, ClientInput } from './client';

/**
 * Saving and deleting clients, and revealing an HKID. The class is the screens' key to the service
 * (`useService(ClientService)`); its implementation, ApiClientService, and the client decoders load
 * with the first client screen, not with the sign-in page.
 */
export abstract class ClientService {
  abstract create(input: ClientInput): ResultAsync<Client, ApiError>;
  /** A stale version is refused (conflict) and nothing is saved; the caller keeps the input. */
  abstract update(id: number, version: number, input: ClientInput): ResultAsync<Client, ApiError>;
  abstract delete(id: number): ResultAsync<void, ApiError>;
  /** The full HKID (audited by the server). */
  abstract revealHkid(id: number): ResultAsync<string | null, ApiError>;
}
