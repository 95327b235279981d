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

/** The signed-in user as the server returns it (the session's user, with its role's rights). */
export const SignedInUser = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  language: Language,
  isAdmin: z.boolean(),
  role: z.nullable(z.object({ id: Id, name: z.string(), permissions: z.readonly(z.array(z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]]))) })),
  branchId: z.nullable(Id),
  companyId: z.nullable(Id),
  mustSetUpTwoFactor: z.optional(z.boolean()),
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
  id: Id,
  name: z.string(),
  email: z.string(),
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
  id: Id,
  name: z.string(),
  email: z.string(),
  language: Language,
  roleId: z.nullable(Id),
  branchId: z.nullable(Id),
  companyId: z.nullable(Id),
  isAdmin: z.boolean(),
  active: z.boolean(),
  calendarColor: z.nullable(z.string()),
  /** Basis points: 5.5% is 550; null when the user earns none. */
  commissionRateBp: z.nullable(z.number().check(z.int(), z.nonnegative())),
  /** Whether the user has set two-factor up. */
  twoFactor: z.boolean(),
  version: Version,
});
export type AdminUser = z.infer<typeof AdminUser>;

/** GET /api/users/create */
export const NewUserPage = z.object({ options: UserOptions });

/** GET /api/users/:id */
export const UserPage = z.object({ user: AdminUser, options: UserOptions });

/** The user form's screen data: a user to edit (none for a new one) and the choices. */
export const UserFormData = z.object({ user: z.optional(AdminUser), options: UserOptions });
export type UserFormData = z.infer<typeof UserFormData>;

/**
 * POST /api/users (201), PUT /api/users/:id and POST /api/users/:id/reset-two-factor: the account as
 * saved; `currentUser` when one changed one's own rights (this browser stays signed in with them; null
 * when one's own account can no longer sign in).
 */
export const UserSaved = z.object({ user: AdminUser, currentUser: z.optional(z.nullable(SignedInUser)) });
export type UserSaved = z.infer<typeof UserSaved>;

const UserFields = {
  name: z.string(),
  email: z.string(),
  language: Language,
  roleId: z.nullable(Id),
  branchId: z.nullable(Id),
  isAdmin: z.boolean(),
  active: z.boolean(),
  /** '#rrggbb', or null for none. */
  calendarColor: z.nullable(z.string()),
  commissionRateBp: z.nullable(z.number().check(z.int(), z.nonnegative())),
};

/** What the user form sends for a new account. */
export const UserCreate = z.object({ ...UserFields, password: z.string(), password_confirmation: z.string() });
export type UserCreate = z.infer<typeof UserCreate>;

/** What the user form sends for an edit. */
export const UserUpdate = z.object({ ...UserFields, version: Version });
export type UserUpdate = z.infer<typeof UserUpdate>;
