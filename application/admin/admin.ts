import type { User } from '../../domain/auth/user';
import type { Language } from '../../domain/i18n/language';

/**
 * Settings → Users, Roles (with the two-factor policy) and the audit log as the use-cases and screens
 * hold them. The HTTP adapters (infrastructure/http/admin) read them by the wire contract
 * (contract/users.ts, contract/roles.ts, contract/audits.ts), whose types must be assignable to these.
 */

/** A role or a user as a choice: its id and name. */
export interface NamedChoice {
  readonly id: number;
  readonly name: string;
}

export interface BranchChoice {
  readonly id: number;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly companyId: number | null;
}

/** The roles and branches a user may be given. */
export interface UserOptions {
  readonly roles: readonly NamedChoice[];
  readonly branches: readonly BranchChoice[];
}

/** A row of the user list. */
export interface UserRow {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly isAdmin: boolean;
  readonly active: boolean;
  readonly calendarColor: string | null;
  readonly role: string | null;
  readonly branch: { readonly nameEn: string; readonly nameZh: string } | null;
}

/** A page of a list, as the list screens page through it. */
export interface Page<Row, Filters> {
  readonly items: readonly Row[];
  readonly total: number;
  readonly page: number;
  readonly perPage: number;
  readonly filters: Filters;
}

export type UserList = Page<UserRow, UserOptions>;

/** A staff account as Settings → Users shows and edits it. */
export interface AdminUser {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly language: Language;
  readonly roleId: number | null;
  readonly branchId: number | null;
  readonly companyId: number | null;
  readonly isAdmin: boolean;
  readonly active: boolean;
  readonly calendarColor: string | null;
  /** Basis points (5.5% is 550), or null. */
  readonly commissionRateBp: number | null;
  /** Whether the user has set two-factor up. */
  readonly twoFactor: boolean;
  /** A temporary password was set: the user must change it at their next sign-in. */
  readonly mustChangePassword?: boolean;
  readonly version: number;
}

/** The user form's data: the account to edit (none for a new one) and the choices. */
export interface UserFormData {
  readonly user?: AdminUser;
  readonly options: UserOptions;
}

/** An account's fields as the user form sends them. */
export interface UserFields {
  readonly name: string;
  readonly email: string;
  readonly language: Language;
  readonly roleId: number | null;
  readonly branchId: number | null;
  readonly isAdmin: boolean;
  readonly active: boolean;
  readonly calendarColor: string | null;
  readonly commissionRateBp: number | null;
}

export interface NewUser extends UserFields {
  readonly password: string;
  readonly password_confirmation: string;
}

/** An account as saved, and the signed-in user when one changed one's own rights (null: one can no longer sign in). */
export interface SavedUser {
  readonly user: AdminUser;
  readonly currentUser?: User | null;
}

/** A role: its name, its permissions and how many users hold it. */
export interface Role {
  readonly id: number;
  readonly name: string;
  readonly permissions: readonly string[];
  readonly userCount: number;
  readonly version: number;
}

/** The role form's data: the role to edit (none for a new one). */
export interface RoleFormData {
  readonly role?: Role;
}

export interface RoleFields {
  readonly name: string;
  readonly permissions: readonly string[];
}

/** A role as saved, and the signed-in user when one changed one's own role. */
export interface SavedRole {
  readonly role: Role;
  readonly currentUser?: User | null;
}

/** Whether two-factor is required of everyone, and of which roles. */
export interface TwoFactorPolicy {
  readonly everyone: boolean;
  readonly roles: readonly { readonly id: number; readonly name: string; readonly required: boolean }[];
}

/** One line of the audit log. */
export interface AuditEntry {
  readonly id: number;
  readonly at: string;
  readonly userId: number | null;
  readonly userName: string | null;
  readonly action: string;
  readonly entityType: string;
  readonly entityId: string | null;
  /** Field by field `{ from, to }`, or the values given; null when none. */
  readonly changes: Readonly<Record<string, unknown>> | null;
  readonly ip: string | null;
}

export interface AuditFilters {
  readonly users: readonly NamedChoice[];
  readonly entityTypes: readonly string[];
  readonly actions: readonly string[];
}

export type AuditList = Page<AuditEntry, AuditFilters>;

declare module '../navigation/screenData' {
  interface ScreenDataTypes {
    users: UserList;
    userForm: UserFormData;
    roles: readonly Role[];
    roleForm: RoleFormData;
    audit: AuditList;
  }
}
