import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import { isValid, type Invalid } from '../forms/Invalid';
import type { ConfirmationService } from '../navigation/ConfirmationService';
import type { ReferenceLists } from '../ports/ReferenceLists';
import type { AppState } from '../state/AppState';
import type { ListDesk } from './ListDesk';
import { checkCodes, LIST_FORMS, type ListForm, type Values } from './listForms';
import type { CodeSetting, ListRecords, ListRef, Versioned } from './referenceLists';

export class ListDeskService implements ListDesk {
  constructor(
    private readonly lists: ReferenceLists,
    private readonly state: AppState,
    private readonly confirmation: ConfirmationService,
  ) {}

  save<K extends ListRef['kind']>(list: ListRef & { readonly kind: K }, record: Versioned | null, values: Values): ResultAsync<ListRecords[K], ApiError | Invalid> {
    const form = LIST_FORMS[list.kind] as ListForm<K>;
    const problem = form.check(values);
    if (!isValid(problem)) return errAsync(problem);
    return this.lists.save(list, record, form.toBody(values)).map((saved) => {
      this.reload();
      return saved;
    });
  }

  remove(list: ListRef, record: Versioned, name: string): ResultAsync<boolean, ApiError> {
    return ResultAsync.fromSafePromise(this.confirmation.ask({ kind: 'delete', values: { name } })).andThen((sure) =>
      sure
        ? this.lists.remove(list, record.id).map(() => {
            this.reload();
            return true;
          })
        : okAsync(false),
    );
  }

  saveCodes(codes: readonly CodeSetting[], values: Readonly<Record<string, string>>): ResultAsync<readonly CodeSetting[], ApiError | Invalid> {
    const problem = checkCodes(values);
    if (!isValid(problem)) return errAsync(problem);
    return this.lists.saveCodes(values, Object.fromEntries(codes.map((c) => [c.key, c.version]))).map((saved) => {
      this.state.set({ unsavedChanges: false, notification: { title: 'admin:saved', type: 'success' } });
      this.reload();
      return saved;
    });
  }

  /** Loads the current screen's data again. */
  private reload(): void {
    this.state.set({ viewKey: this.state.get().viewKey + 1 });
  }
}
