import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import { isValid, type Invalid } from '../forms/Invalid';
import type { ConfirmationService } from '../navigation/ConfirmationService';
import type { NavigationService } from '../navigation/NavigationService';
import type { Organisation } from '../ports/Organisation';
import type { AppState } from '../state/AppState';
import { checkOrganisation, organisationBody, type Company, type Letterhead, type OrganisationKind, type OrganisationRecords, type OrganisationValues } from './organisation';
import type { OrganisationDesk } from './OrganisationDesk';
import type { Versioned } from './referenceLists';

export class OrganisationDeskService implements OrganisationDesk {
  constructor(
    private readonly organisation: Organisation,
    private readonly state: AppState,
    private readonly navigation: NavigationService,
    private readonly confirmation: ConfirmationService,
  ) {}

  save<K extends OrganisationKind>(kind: K, record: Versioned | null, values: OrganisationValues): ResultAsync<OrganisationRecords[K], ApiError | Invalid> {
    const problem = checkOrganisation(values);
    if (!isValid(problem)) return errAsync(problem);
    return this.organisation.save(kind, record, organisationBody(kind, values)).andThen((saved) =>
      ResultAsync.fromSafePromise(
        (async () => {
          this.state.set({ unsavedChanges: false });
          await this.navigation.navigate(`/settings/${kind}`);
          this.state.set({ notification: { title: 'admin:saved', type: 'success' } });
          return saved;
        })(),
      ),
    );
  }

  remove(kind: OrganisationKind, record: Versioned, name: string): ResultAsync<boolean, ApiError> {
    return ResultAsync.fromSafePromise(this.confirmation.ask({ kind: 'delete', values: { name } })).andThen((sure) =>
      sure
        ? this.organisation.remove(kind, record.id).andThen(() =>
            ResultAsync.fromSafePromise(
              (async () => {
                this.state.set({ unsavedChanges: false });
                await this.navigation.navigate(`/settings/${kind}`);
                return true;
              })(),
            ),
          )
        : okAsync(false),
    );
  }

  uploadLetterhead(companyId: number, kind: Letterhead, file: Blob): ResultAsync<Company, ApiError> {
    return this.organisation.uploadLetterhead(companyId, kind, file).map((company) => {
      this.state.set({ viewKey: this.state.get().viewKey + 1 });
      return company;
    });
  }
}
