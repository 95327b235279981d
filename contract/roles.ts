/**
 * The wire of Settings → Roles and the two-factor policy: every reply of server/admin/roles/routes.ts
 * and the bodies the role form and the policy section send. Read against the real server in
 * tests/server/admin-contract.test.ts; decoded with by the browser's adapters (infrastructure/http/admin).
 */
import * as z from 'zod/mini';
import { Id, Version } from './common';
import { rightsForm } from './users';

/** A role: its name, its permissions and how many users hold it. */
export const Role = z.object({
  id: Id,
  name: z.string(),
  permissions: z.array(z.string()),
  userCount: z.number().check(z.int(), z.nonnegative()),
  version: Version,
});
export type Role = z.infer<typeof Role>;

/** GET /api/roles */
export const RoleList = z.array(Role);
export type RoleList = z.infer<typeof RoleList>;

/** The permission catalogue: areas × actions, then the special permissions. */
export const PermissionCatalogue = z.object({ areas: z.array(z.string()), actions: z.array(z.string()), special: z.array(z.string()) });

/** GET /api/roles/create, GET /api/roles/:id, the role form's data (with the catalogue); POST /api/roles (201) and PUT /api/roles/:id. */
export const { newPage: NewRolePage, page: RolePage, formData: RoleFormData, saved: RoleSaved } = rightsForm('role', Role, { catalogue: PermissionCatalogue });
export type RoleFormData = z.infer<typeof RoleFormData>;
export type RoleSaved = z.infer<typeof RoleSaved>;

/** What the role form sends. */
export const RoleInput = z.object({ name: z.string(), permissions: z.array(z.string()) });
export type RoleInput = z.infer<typeof RoleInput>;
export const RoleUpdate = z.object({ name: z.string(), permissions: z.array(z.string()), version: Version });
export type RoleUpdate = z.infer<typeof RoleUpdate>;

/** GET and PUT /api/two-factor-policy: whether two-factor is required of everyone, and of which roles. */
export const TwoFactorPolicy = z.object({ everyone: z.boolean(), roles: z.array(z.object({ id: Id, name: z.string(), required: z.boolean() })) });
export type TwoFactorPolicy = z.infer<typeof TwoFactorPolicy>;

/** What the policy section sends. */
export const TwoFactorPolicyInput = z.object({ everyone: z.boolean(), roleIds: z.array(Id) });
export type TwoFactorPolicyInput = z.infer<typeof TwoFactorPolicyInput>;
