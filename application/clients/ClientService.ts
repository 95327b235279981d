import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import type { Invalid } from '../forms/Invalid';
import type { Client } from './client';
import type { ClientFormState } from './clientForm';

/** What a save answers when it does not save: the form's own problems, or the server's refusal. */
export type ClientSaveError = Invalid | ApiError;

/** How a delete ended when it did not delete: the user said no, or the server refused. */
export type ClientRemoveError = { readonly code: 'cancelled' } | ApiError;

/**
 * The client screens' use-cases: the form's save (checked by the domain's rules first) → notify →
 * navigate, the delete after asking, and the audited HKID reveal. The class is the screens' key
 * (`useService(ClientService)`); its implementation, ClientDesk, loads with the first client screen,
 * not with the sign-in page (the composition root binds it with lazyPort, so every method answers a
 * ResultAsync).
 */
export abstract class ClientService {
  /**
   * Saves the form: a new client (`client` null) opens on its page with a notice; an edit stays, with
   * a notice. A stale edit is refused (conflict) and nothing is saved; the form keeps what was typed.
   * `withHkid`: the HKID field is open (a new client, or "change" chosen), so its value is sent.
   */
  abstract save(client: Client | null, form: ClientFormState, withHkid: boolean): ResultAsync<Client, ClientSaveError>;
  /** Deletes the client once the user confirms, then returns to the list with a notice. */
  abstract remove(client: Client): ResultAsync<void, ClientRemoveError>;
  /** The full HKID, null when none (every reveal is audited by the server). */
  abstract revealHkid(id: number): ResultAsync<string | null, ApiError>;
}
