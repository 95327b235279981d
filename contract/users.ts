/**
 * The wire of Settings → Users: every reply of the user routes (server/admin/users/routes.ts) and the
 * bodies the user form sends; also the signed-in user as a change of one's own rights returns it.
 * The server's replies are read by these in tests/server/admin-contract.test.ts; the browser's HTTP
 * adapter (infrastructure/http/admin) and the user screens' data decode with them.
 */
import * as z from 'zod/mini';
import { ALL_PERMISSIONS, type Permission } from '../domain/auth/permissions';
import type { User } from '../domain/auth/user';
import { BilingualName, Id, Language, listPage, Version } from './common';

/** A staff account as every view of it starts: its id, name and e-mail address. */
const staffAccount = { id: Id, name: z.string(), email: z.string() };

/** The signed-in user as the server returns it (the session's user, with its role's rights). */
export const SignedInUser = z.object({
  ...staffAccount,
  language: Language,
  isAdmin: z.boolean(),
  role: z.nullable(z.object({ id: Id, name: z.string(), permissions: z.readonly(z.array(z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]]))) })),
  branchId: z.nullable(Id),
  companyId: z.nullable(Id),
  mustSetUpTwoFactor: z.optional(z.boolean()),
  mustChangePassword: z.optional(z.boolean()),
}) satisfies z.ZodMiniType<User>;

/** A role or a user as a choice: its id and name. */
export const NamedChoice = z.object({ id: Id, name: z.string() });
export type NamedChoice = z.infer<typeof NamedChoice>;

/** A branch a user may belong to. */
export const BranchChoice = z.object({ id: Id, nameEn: z.string(), nameZh: z.string(), companyId: z.nullable(Id) });
export type BranchChoice = z.infer<typeof BranchChoice>;

/** The roles and branches a user may be given (the form's choices and the list's filters). */
export const UserOptions = z.object({ roles: z.array(NamedChoice), branches: z.array(BranchChoice) });
export type UserOptions = z.infer<typeof UserOptions>;

/** A row of the user list. */
export const UserRow = z.object({
  ...staffAccount,
  isAdmin: z.boolean(),
  active: z.boolean(),
  calendarColor: z.nullable(z.string()),
  role: z.nullable(z.string()),
  branch: z.nullable(BilingualName),
});
export type UserRow = z.infer<typeof UserRow>;

/** GET /api/users */
export const UserList = listPage(UserRow, { filters: UserOptions });
export type UserList = z.infer<typeof UserList>;

/** A staff account as Settings → Users shows and edits it. */
export const AdminUser = z.object({
  ...staffAccount,
  language: Language,
  roleId: z.nullable(Id),
  branchId: z.nullable(Id),
  /** The company of the user's branch (the server sets it from the branch). */
  companyId: z.nullable(Id),
  isAdmin: z.boolean(),
  active: z.boolean(),
  /** '#rrggbb', or null for none. */
  calendarColor: z.nullable(z.string()),
  /** Basis points: 5.5% is 550; null when the user earns none. */
  commissionRateBp: z.nullable(z.number().check(z.int(), z.nonnegative())),
  /** Whether the user has set two-factor up. */
  twoFactor: z.boolean(),
  /** A temporary password was set: the user must change it at their next sign-in. */
  mustChangePassword: z.optional(z.boolean()),
  version: Version,
});
export type AdminUser = z.infer<typeof AdminUser>;

/**
 * The wire of a Settings form whose save may change one's own rights (a user, a role), the record
 * under `key`:
 * - `newPage`: GET …/create, what the form offers;
 * - `page`: GET …/:id, the record and what the form offers;
 * - `formData`: the form screen's data, the record only when editing;
 * - `saved`: the reply of a save, the record as saved and `currentUser` when one changed one's own
 *   rights (this browser stays signed in with them; null when one's own account can no longer sign in).
 */
export function rightsForm<Key extends string, Row extends z.ZodMiniType, Offers extends z.core.$ZodShape>(key: Key, record: Row, offers: Offers) {
  const as = <T extends z.ZodMiniType>(schema: T) => ({ [key]: schema }) as { [K in Key]: T };
  return {
    newPage: z.object(offers),
    page: z.object({ ...as(record), ...offers }),
    formData: z.object({ ...as(z.optional(record)), ...offers }),
    saved: z.object({ ...as(record), currentUser: z.optional(z.nullable(SignedInUser)) }),
  };
}

/** GET /api/users/create, GET /api/users/:id, the user form's data; POST /api/users (201), PUT /api/users/:id and POST /api/users/:id/reset-two-factor. */
export const { newPage: NewUserPage, page: UserPage, formData: UserFormData, saved: UserSaved } = rightsForm('user', AdminUser, { options: UserOptions });
export type UserFormData = z.infer<typeof UserFormData>;
export type UserSaved = z.infer<typeof UserSaved>;

/** What the user form edits: the account less what the server keeps (id, company, two-factor, version). */
const UserFields = z.omit(AdminUser, { id: true, companyId: true, twoFactor: true, mustChangePassword: true, version: true }).shape;

/** What the user form sends for a new account. */
export const UserCreate = z.object({ ...UserFields, password: z.string(), password_confirmation: z.string() });
export type UserCreate = z.infer<typeof UserCreate>;

/** What the user form sends for an edit. */
export const UserUpdate = z.object({ ...UserFields, version: Version });
export type UserUpdate = z.infer<typeof UserUpdate>;
