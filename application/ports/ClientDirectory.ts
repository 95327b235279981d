import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import type { Client, ClientInput } from '../clients/client';
import { token } from '../di/token';

/** The clients: saving, deleting, and revealing an HKID (their screens' data comes with their routes). */
export interface ClientDirectory {
  create(input: ClientInput): ResultAsync<Client, ApiError>;
  /** A stale version is refused (conflict) and nothing is saved. */
  update(id: number, version: number, input: ClientInput): ResultAsync<Client, ApiError>;
  remove(id: number): ResultAsync<void, ApiError>;
  /** The full HKID, null when the client has none (every reveal is audited by the server). */
  revealHkid(id: number): ResultAsync<string | null, ApiError>;
}

export const ClientDirectory = token<ClientDirectory>('ClientDirectory');
