import type { Language } from '../i18n/language';
import type { Permission } from './permissions';

export interface Role {
  readonly id: number;
  readonly name: string;
  readonly permissions: readonly Permission[];
}

/** The signed-in staff member as the browser holds it and the server returns it. */
export interface User {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly language: Language;
  readonly isAdmin: boolean;
  readonly role: Role | null;
  readonly branchId: number | null;
  readonly companyId: number | null;
  /** Two-factor is required of this user and not set up yet: they see only its setup until it is. */
  readonly mustSetUpTwoFactor?: boolean;
  /** Signed in with a temporary password an administrator set: they see only the password change until they make it. */
  readonly mustChangePassword?: boolean;
}
