import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs';
import type { User } from '../../domain/auth/user';

export type NotificationType = '' | 'success' | 'info' | 'warning' | 'error';

/** The account feature flags of the spec (§3), all on. */
export interface AccountFeatures {
  readonly canCreateTeams: boolean;
  readonly canManageTwoFactorAuthentication: boolean;
  readonly canUpdatePassword: boolean;
  readonly canUpdateProfileInformation: boolean;
  readonly hasEmailVerification: boolean;
  readonly hasAccountDeletionFeatures: boolean;
  readonly hasApiFeatures: boolean;
  readonly hasTeamFeatures: boolean;
  readonly hasTermsAndPrivacyPolicyFeature: boolean;
  readonly managesProfilePhotos: boolean;
}

/** The global application state, field for field as the spec's table gives it (§3). */
export interface AppStateFields {
  readonly loaded: boolean;
  readonly isOnline: boolean;
  readonly authValid: boolean;
  readonly viewKey: number;
  /** In megabytes (the spec's default of 5 is the 5 MB upload limit). */
  readonly maxUploadSize: number;
  readonly showLeftPanelMenu: boolean;
  readonly showEditButton: boolean;
  readonly calendar: { readonly start: string; readonly end: string; readonly date: string };
  readonly notification: { readonly title: string; readonly type: NotificationType };
  readonly unsavedChanges: boolean;
  readonly user: User | null;
  readonly selectedTab: number;
  readonly features: AccountFeatures;
  readonly flash: { readonly bannerStyle: 'success' | 'danger' | 'warning'; readonly banner: string };
}

export const INITIAL_APP_STATE: AppStateFields = {
  loaded: true,
  isOnline: false,
  authValid: false,
  viewKey: 0,
  maxUploadSize: 5,
  showLeftPanelMenu: true,
  showEditButton: false,
  calendar: { start: '', end: '', date: '' },
  notification: { title: '', type: '' },
  unsavedChanges: false,
  user: null,
  selectedTab: 0,
  features: {
    canCreateTeams: true,
    canManageTwoFactorAuthentication: true,
    canUpdatePassword: true,
    canUpdateProfileInformation: true,
    hasEmailVerification: true,
    hasAccountDeletionFeatures: true,
    hasApiFeatures: true,
    hasTeamFeatures: true,
    hasTermsAndPrivacyPolicyFeature: true,
    managesProfilePhotos: true,
  },
  flash: { bannerStyle: 'success', banner: '' },
};

/** One store of the global state as an RxJS stream; each field can be watched on its own. */
export class AppState {
  private readonly subject = new BehaviorSubject<AppStateFields>(INITIAL_APP_STATE);

  readonly state$: Observable<AppStateFields> = this.subject.asObservable();

  get(): AppStateFields {
    return this.subject.getValue();
  }

  select<K extends keyof AppStateFields>(key: K): Observable<AppStateFields[K]> {
    return this.subject.pipe(
      map((state) => state[key]),
      distinctUntilChanged(),
    );
  }

  set(patch: Partial<AppStateFields>): void {
    const current = this.subject.getValue();
    const changed = (Object.keys(patch) as (keyof AppStateFields)[]).some((key) => patch[key] !== current[key]);
    if (changed) this.subject.next({ ...current, ...patch });
  }
}
