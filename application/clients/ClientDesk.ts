import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import { isValid } from '../forms/Invalid';
import type { ConfirmationService } from '../navigation/ConfirmationService';
import type { NavigationService } from '../navigation/NavigationService';
import type { ClientDirectory } from '../ports/ClientDirectory';
import type { AppState } from '../state/AppState';
import type { Client } from './client';
import { clientInput, clientProblems, formFields, type ClientFormState } from './clientForm';
import { ClientService, type ClientRemoveError, type ClientSaveError } from './ClientService';

/** A refusal's field messages on the form's fields (a phone's message under its contact's phones). */
const onForm = (error: ApiError): ApiError => (error.code === 'validation' ? { ...error, fields: formFields(error.fields) } : error);

/** The client screens' use-cases over the ClientDirectory port (see ClientService). */
export class ClientDesk extends ClientService {
  constructor(
    private readonly directory: ClientDirectory,
    private readonly state: AppState,
    private readonly navigation: NavigationService,
    private readonly confirmation: ConfirmationService,
  ) {
    super();
  }

  save(client: Client | null, form: ClientFormState, withHkid: boolean): ResultAsync<Client, ClientSaveError> {
    // The company is not on the form: an edit keeps the client's, a new client gets the user's (the server's default).
    const input = clientInput(form, withHkid, client?.companyId ?? null);
    const problems = clientProblems(input);
    if (!isValid(problems)) return errAsync(problems);
    if (client === null) {
      return this.directory
        .create(input)
        .mapErr(onForm)
        .andThen((created) => {
          this.state.set({ unsavedChanges: false });
          // The notification after the navigation, which clears notifications (spec §2).
          return ResultAsync.fromSafePromise(this.navigation.navigate(`/clients/basic/${created.id}`, { replace: true })).map(() => {
            this.state.set({ notification: { title: 'clients:created', type: 'success' } });
            return created;
          });
        });
    }
    return this.directory
      .update(client.id, client.version, input)
      .mapErr(onForm)
      .map((updated) => {
        this.state.set({ unsavedChanges: false, notification: { title: 'clients:saved', type: 'success' } });
        return updated;
      });
  }

  remove(client: Client): ResultAsync<void, ClientRemoveError> {
    const name = [client.nameZh, client.nameEn].filter(Boolean).join(' · ');
    return ResultAsync.fromSafePromise(this.confirmation.ask({ kind: 'delete', values: { name } })).andThen((confirmed) => {
      if (!confirmed) return errAsync<void, ClientRemoveError>({ code: 'cancelled' });
      return this.directory.remove(client.id).andThen(() => {
        this.state.set({ unsavedChanges: false });
        void this.navigation.navigate('/clients', { replace: true }).then(() => this.state.set({ notification: { title: 'clients:deleted', type: 'success' } }));
        return okAsync<void, ClientRemoveError>(undefined);
      });
    });
  }

  revealHkid(id: number): ResultAsync<string | null, ApiError> {
    return this.directory.revealHkid(id);
  }
}
