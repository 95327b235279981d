import { errAsync, ResultAsync, type Result, err, ok } from 'neverthrow';
import { checkPassword } from '../../domain/auth/password-policy';
import { hasPermission } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';
import { isLanguage, type Language } from '../../domain/i18n/language';
import { parseRate, rateToDecimal } from '../../domain/money/money';
import type { ApiError } from '../api/ApiError';
import { invalid, isValid, type FieldMessage, type Invalid } from '../forms/Invalid';
import type { NavigationService } from '../navigation/NavigationService';
import type { UserDirectory } from '../ports/UserDirectory';
import type { CurrentUser } from '../session/CurrentUser';
import type { AppState } from '../state/AppState';
import type { AdminDeskDependencies } from './AdminDesks';
import type { AdminUser, NewUser, SavedUser, UserFields, UserFormData } from './admin';

/** The user form as typed: choices as their values ('' for none), the commission as a percentage. */
export interface UserForm {
  readonly name: string;
  readonly email: string;
  readonly language: string;
  readonly roleId: string;
  readonly branchId: string;
  readonly isAdmin: boolean;
  readonly active: boolean;
  readonly calendarColor: string;
  /** A percentage as typed ("5.5"), '' for none. */
  readonly commission: string;
  readonly password: string;
  readonly password_confirmation: string;
}

/** What the user form offers the signed-in user. */
export interface UserOffers {
  readonly canEdit: boolean;
  /** The account has two-factor set up, and the user may reset it. */
  readonly resetTwoFactor: boolean;
}

/** The fields the user form shows (a server message for another field is said for the whole form). */
export const USER_FORM_FIELDS = ['name', 'email', 'language', 'roleId', 'branchId', 'calendarColor', 'commissionRateBp', 'password', 'password_confirmation'] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A commission in basis points as the form shows it (550 → "5.5"). */
const percentText = (bp: number | null): string => (bp === null ? '' : rateToDecimal(bp));

/**
 * Settings → Users: the user form's model (its start from the screen's data, its checks by the
 * domain's rules), what it offers for the signed-in user's rights, and save → notify → navigate.
 * A change of one's own rights answers with the signed-in user as they are now, which replaces the
 * one held here; whoever lost the right to the list goes to the start page.
 */
export class UserAdmin {
  constructor(
    private readonly directory: UserDirectory,
    private readonly state: AppState,
    private readonly currentUser: CurrentUser,
    private readonly navigation: NavigationService,
  ) {}

  /** The form as it starts: the account's values, or a new active account in Chinese. */
  start({ user }: UserFormData): UserForm {
    return {
      name: user?.name ?? '',
      email: user?.email ?? '',
      language: user?.language ?? 'zh-HK',
      roleId: user?.roleId ? String(user.roleId) : '',
      branchId: user?.branchId ? String(user.branchId) : '',
      isAdmin: user?.isAdmin ?? false,
      active: user?.active ?? true,
      calendarColor: user?.calendarColor ?? '',
      commission: percentText(user?.commissionRateBp ?? null),
      password: '',
      password_confirmation: '',
    };
  }

  offers(me: User | null, user: AdminUser | undefined): UserOffers {
    const canEdit = hasPermission(me, user ? 'user_edit' : 'user_create');
    return { canEdit, resetTwoFactor: canEdit && user?.twoFactor === true };
  }

  /** The account's fields as sent, or every field the rules refuse (a new account's password by the password policy). */
  check(form: UserForm, isNew: boolean): Result<UserFields & Partial<Pick<NewUser, 'password' | 'password_confirmation'>>, Invalid> {
    const rate = form.commission.trim() === '' ? ok(null) : parseRate(form.commission);
    const unmet = isNew ? (checkPassword(form.password, form.password_confirmation).match(() => [], (e) => [...e.rules])) : [];
    const problems = invalid({
      name: form.name.trim() ? [] : [{ key: 'admin:users.required.name' }],
      email: EMAIL.test(form.email.trim()) ? [] : [{ key: 'admin:users.required.email' }],
      commissionRateBp: rate.isErr() ? [{ key: 'admin:users.commissionFormat' }] : [],
      password: unmet.filter((rule) => rule !== 'passwordConfirmationMismatch').map((rule): FieldMessage => ({ key: `auth:password.rules.${rule}` })),
      password_confirmation: unmet.includes('passwordConfirmationMismatch') ? [{ key: 'auth:password.mismatch' }] : [],
    });
    if (!isValid(problems) || rate.isErr()) return err(problems);
    const language: Language = isLanguage(form.language) ? form.language : 'zh-HK';
    const fields: UserFields = {
      name: form.name.trim(),
      email: form.email.trim(),
      language,
      roleId: form.roleId ? Number(form.roleId) : null,
      branchId: form.branchId ? Number(form.branchId) : null,
      isAdmin: form.isAdmin,
      active: form.active,
      calendarColor: form.calendarColor || null,
      commissionRateBp: rate.value,
    };
    return ok(isNew ? { ...fields, password: form.password, password_confirmation: form.password_confirmation } : fields);
  }

  /** Checks, saves, then goes to the list (or the start page without the right to it any more) and says it is saved. */
  save(user: AdminUser | undefined, form: UserForm): ResultAsync<AdminUser, ApiError | Invalid> {
    const checked = this.check(form, !user);
    if (checked.isErr()) return errAsync(checked.error);
    const { password, password_confirmation, ...fields } = checked.value;
    const sent = user ? this.directory.update(user.id, fields, user.version) : this.directory.create({ ...fields, password: password ?? '', password_confirmation: password_confirmation ?? '' });
    return sent.andThen((saved) => ResultAsync.fromSafePromise(this.afterSave(saved)));
  }

  /** Clears the account's two-factor set-up, says so and shows the account as it is now. */
  resetTwoFactor(user: AdminUser): ResultAsync<AdminUser, ApiError> {
    return this.directory.resetTwoFactor(user.id).map(({ user: saved }) => {
      this.state.set({ notification: { title: 'admin:users.twoFactorReset', type: 'success' }, viewKey: this.state.get().viewKey + 1 });
      return saved;
    });
  }

  private async afterSave(saved: SavedUser): Promise<AdminUser> {
    if (saved.currentUser) this.currentUser.set(saved.currentUser);
    this.state.set({ unsavedChanges: false });
    await this.navigation.navigate(hasPermission(this.state.get().user, 'user_view') ? '/settings/users' : '/');
    this.state.set({ notification: { title: 'admin:saved', type: 'success' } });
    return saved.user;
  }
}

/** The user form's use-case made with the container's services (AdminDeskLoader). */
export const makeUserAdmin = (d: AdminDeskDependencies) => new UserAdmin(d.users, d.state, d.currentUser, d.navigation);
