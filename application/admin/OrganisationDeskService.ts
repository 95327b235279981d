import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { checkUploadSize } from '../../domain/files/upload';
import type { ApiError } from '../api/ApiError';
import { invalid, isValid, type Invalid } from '../forms/Invalid';
import type { ConfirmationService } from '../navigation/ConfirmationService';
import type { NavigationService } from '../navigation/NavigationService';
import type { Organisation } from '../ports/Organisation';
import type { AppState } from '../state/AppState';
import {
  checkOrganisation,
  LETTERHEADS,
  organisationBody,
  type ChosenLetterheads,
  type Company,
  type Letterhead,
  type LetterheadNotSaved,
  type OrganisationKind,
  type OrganisationRecords,
  type OrganisationValues,
} from './organisation';
import type { OrganisationDesk } from './OrganisationDesk';
import type { Versioned } from './referenceLists';

export class OrganisationDeskService implements OrganisationDesk {
  constructor(
    private readonly organisation: Organisation,
    private readonly state: AppState,
    private readonly navigation: NavigationService,
    private readonly confirmation: ConfirmationService,
  ) {}

  /**
   * Checks the fields and the chosen pictures' sizes (nothing is sent while one is wrong), stores the
   * chosen pictures one after the other, then the fields; only when all of it is stored does it go
   * back to the list and say "saved". A picture the server refuses stops it there (LetterheadNotSaved:
   * the fields are not sent); a picture needs the company to exist, so a new company's form offers none.
   */
  save<K extends OrganisationKind>(kind: K, record: Versioned | null, values: OrganisationValues, letterheads: ChosenLetterheads = {}): ResultAsync<OrganisationRecords[K], ApiError | Invalid | LetterheadNotSaved> {
    const chosen = kind === 'companies' && record ? LETTERHEADS.filter((letterhead) => letterheads[letterhead] !== undefined) : [];
    const tooLarge = Object.fromEntries(chosen.filter((letterhead) => checkUploadSize(letterheads[letterhead]!.size).isErr()).map((letterhead) => [letterhead, [{ key: 'errors:code.tooLarge' }]]));
    const problem = invalid({ ...checkOrganisation(values).fields, ...tooLarge });
    if (!isValid(problem)) return errAsync(problem);
    const pictures = record ? this.storeLetterheads(record.id, chosen, letterheads) : okAsync(undefined);
    return pictures.andThen(() => this.organisation.save(kind, record, organisationBody(kind, values))).andThen((saved) =>
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

  /** Stores the chosen pictures in order; the first one the server refuses (422, 413) stops it, saying what was stored before it. */
  private storeLetterheads(companyId: number, chosen: readonly Letterhead[], files: ChosenLetterheads): ResultAsync<void, ApiError | LetterheadNotSaved> {
    const stored: Letterhead[] = [];
    let company: Company | null = null;
    return chosen.reduce<ResultAsync<void, ApiError | LetterheadNotSaved>>(
      (before, letterhead) =>
        before.andThen(() =>
          this.organisation
            .uploadLetterhead(companyId, letterhead, files[letterhead]!)
            .map((saved) => {
              stored.push(letterhead);
              company = saved;
            })
            .mapErr((error): ApiError | LetterheadNotSaved => {
              if (error.code !== 'validation' && error.code !== 'tooLarge') return error;
              const words = error.code === 'validation' ? (error.fields[letterhead] ?? [error.message]) : [error.message];
              return { code: 'letterheadNotSaved', letterhead, stored: [...stored], company, fields: { [letterhead]: words } };
            }),
        ),
      okAsync(undefined),
    );
  }
}
