import type { ResultAsync } from 'neverthrow';
import { token } from '../di/token';
import type { ApiError } from '../api/ApiError';
import type { NamedOption } from '../sales/sales';

/** The clients a document may be for, found by name, phone or tag (the document forms' client picker). */
export interface ClientFinder {
  find(q: string): ResultAsync<NamedOption[], ApiError>;
}

export const ClientFinder = token<ClientFinder>('ClientFinder');
