import { errAsync, ResultAsync } from 'neverthrow';
import { hasPermission, PERMISSION_ACTIONS, PERMISSION_AREAS, SPECIAL_PERMISSIONS } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';
import type { ApiError } from '../api/ApiError';
import { invalid, type Invalid } from '../forms/Invalid';
import type { ConfirmationService } from '../navigation/ConfirmationService';
import type { NavigationService } from '../navigation/NavigationService';
import type { RoleBook } from '../ports/RoleBook';
import type { CurrentUser } from '../session/CurrentUser';
import type { AppState } from '../state/AppState';
import type { AdminDeskDependencies } from './AdminDesks';
import type { Role, RoleFields, SavedRole } from './admin';

/** The role form as ticked: its name and the permissions granted. */
export interface RoleForm {
  readonly name: string;
  readonly granted: readonly string[];
}

/** The rights the role form offers to grant: a grid of areas × actions (`${area}_${action}`), then the special ones. */
export const GRANTABLE = { areas: PERMISSION_AREAS, actions: PERMISSION_ACTIONS, specials: SPECIAL_PERMISSIONS } as const;

/** What the role form offers the signed-in user. */
export interface RoleOffers {
  readonly canEdit: boolean;
  readonly canDelete: boolean;
}

/**
 * Settings → Roles: the role form's model and checks, what it offers for the signed-in user's rights,
 * save → notify → navigate and the confirmed delete. A change of one's own role answers with the
 * signed-in user as they are now, which replaces the one held here.
 */
export class RoleAdmin {
  constructor(
    private readonly book: RoleBook,
    private readonly state: AppState,
    private readonly currentUser: CurrentUser,
    private readonly navigation: NavigationService,
    private readonly confirmation: ConfirmationService,
  ) {}

  start(role: Role | undefined): RoleForm {
    return { name: role?.name ?? '', granted: [...(role?.permissions ?? [])] };
  }

  /** The form with a permission granted (after the others, in the order ticked) or taken away. */
  toggle(form: RoleForm, permission: string, on: boolean): RoleForm {
    const others = form.granted.filter((p) => p !== permission);
    return { ...form, granted: on ? [...others, permission] : others };
  }

  /** Whether the form differs from the role as saved (the order permissions were ticked in aside). */
  changed(role: Role | undefined, form: RoleForm): boolean {
    const start = this.start(role);
    return form.name !== start.name || [...form.granted].sort().join() !== [...start.granted].sort().join();
  }

  offers(me: User | null, role: Role | undefined): RoleOffers {
    const canEdit = hasPermission(me, role ? 'role_edit' : 'role_create');
    return { canEdit, canDelete: canEdit && role !== undefined && hasPermission(me, 'role_delete') };
  }

  /** Checks, saves, then goes to the list (or the start page without the right to it any more) and says it is saved. */
  save(role: Role | undefined, form: RoleForm): ResultAsync<Role, ApiError | Invalid> {
    if (!form.name.trim()) return errAsync(invalid({ name: [{ key: 'admin:roles.required' }] }));
    const fields: RoleFields = { name: form.name.trim(), permissions: form.granted };
    const sent = role ? this.book.update(role.id, fields, role.version) : this.book.create(fields);
    return sent.andThen((saved) => ResultAsync.fromSafePromise(this.afterSave(saved)));
  }

  /** Asks, then deletes the role and goes to the list; false when the user did not confirm. */
  remove(role: Role): ResultAsync<boolean, ApiError> {
    return ResultAsync.fromSafePromise(this.confirmation.ask({ kind: 'delete', values: { name: role.name } })).andThen((yes) =>
      yes
        ? this.book.remove(role.id).andThen(() =>
            ResultAsync.fromSafePromise(
              (async () => {
                this.state.set({ unsavedChanges: false });
                await this.navigation.navigate('/settings/roles');
                return true;
              })(),
            ),
          )
        : ResultAsync.fromSafePromise(Promise.resolve(false)),
    );
  }

  private async afterSave(saved: SavedRole): Promise<Role> {
    if (saved.currentUser) this.currentUser.set(saved.currentUser);
    this.state.set({ unsavedChanges: false });
    await this.navigation.navigate(hasPermission(this.state.get().user, 'role_view') ? '/settings/roles' : '/');
    this.state.set({ notification: { title: 'admin:roles.saved', type: 'success' } });
    return saved.role;
  }
}

/** The role form's use-case made with the container's services (AdminDeskLoader). */
export const makeRoleAdmin = (d: AdminDeskDependencies) => new RoleAdmin(d.roles, d.state, d.currentUser, d.navigation, d.confirmation);
