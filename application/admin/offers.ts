import { hasPermission } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';

/*
 * What the Settings lists of roles and users offer for the signed-in user's rights. Plain functions,
 * loaded with those screens only; the role and user forms' own offers are RoleAdmin's and
 * UserAdmin's, the reference lists' and codes' listOffers (listForms.ts), the companies' and
 * branches' beside their form model (organisation.ts).
 */

/** The roles list: a new role by role_create, the two-factor policy beside it by role_edit. */
export function roleListOffers(user: User | null): { readonly create: boolean; readonly twoFactorPolicy: boolean } {
  return { create: hasPermission(user, 'role_create'), twoFactorPolicy: hasPermission(user, 'role_edit') };
}

/** The users list's "New user" button. */
export function userListOffers(user: User | null): { readonly create: boolean } {
  return { create: hasPermission(user, 'user_create') };
}
