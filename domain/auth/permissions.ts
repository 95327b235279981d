/**
 * Permission names. A role holds a set of these; the server enforces them on every endpoint and the
 * browser uses the same names to decide what to show. Area permissions follow `${area}_${action}`
 * (the spec names `appointment_view`); special permissions stand alone.
 */
export const PERMISSION_AREAS = [
  'dashboard',
  'appointment',
  'quotation',
  'order',
  'receipt',
  'client',
  'product',
  'report',
  'user',
  'company',
  'branch',
  'role',
  'setting',
  'audit',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

export const PERMISSION_ACTIONS = ['view', 'create', 'edit', 'delete'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

export const SPECIAL_PERMISSIONS = [
  'hkid_reveal',
  'order_void',
  'file_view_all',
  'file_view_branch',
  'file_view_own',
  /** See every appointment in the calendar; without it a user sees only those they are a worker on. */
  'appointment_view_all',
] as const;
export type SpecialPermission = (typeof SPECIAL_PERMISSIONS)[number];

export type AreaPermission = `${PermissionArea}_${PermissionAction}`;
export type Permission = AreaPermission | SpecialPermission;

export const ALL_PERMISSIONS: readonly Permission[] = [
  ...PERMISSION_AREAS.flatMap((area) => PERMISSION_ACTIONS.map((action): Permission => `${area}_${action}`)),
  ...SPECIAL_PERMISSIONS,
];

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (ALL_PERMISSIONS as readonly string[]).includes(value);
}

/** What a permission check needs to know of a user. */
export interface PermissionHolder {
  readonly isAdmin: boolean;
  readonly role: { readonly permissions: readonly string[] } | null;
}

/**
 * Whether the user holds a permission. The is-admin flag grants every permission (the spec: it "gives
 * access to backend features"); otherwise the role's permissions decide.
 */
export function hasPermission(user: PermissionHolder | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  if (user.isAdmin) return true;
  return user.role?.permissions.includes(permission) ?? false;
}

/**
 * Who may be booked as a worker on a visit: a user who can see the calendar (`appointment_view`;
 * administrators hold every permission). A role without it (e.g. accounts only) is never offered as a
 * worker, and the server refuses one.
 */
export const WORKS_VISITS: Permission = 'appointment_view';

export function canWorkVisits(user: PermissionHolder | null | undefined): boolean {
  return hasPermission(user, WORKS_VISITS);
}

/** Which attached files a user may see (spec §6): all, their own branch's, their own uploads, or none. */
export type FileScope = 'all' | 'branch' | 'own' | 'none';

export function fileScope(user: PermissionHolder | null | undefined): FileScope {
  if (hasPermission(user, 'file_view_all')) return 'all';
  if (hasPermission(user, 'file_view_branch')) return 'branch';
  if (hasPermission(user, 'file_view_own')) return 'own';
  return 'none';
}

/** What a permission check may be about. */
export type Resource =
  | { readonly kind: 'area'; readonly area: PermissionArea }
  | { readonly kind: 'file'; readonly branchId: number | null; readonly uploadedBy: number | null }
  | { readonly kind: 'hkid' }
  | { readonly kind: 'orderVoid' };

export interface Actor extends PermissionHolder {
  readonly id: number;
  readonly branchId: number | null;
}

/**
 * The one check for "may this user do this to that": an area action needs its permission; a file
 * needs the user's file scope to reach it (all files, the same branch, or their own upload); revealing
 * an HKID and voiding an order need their special permissions. The is-admin flag allows everything.
 */
export function can(user: Actor | null | undefined, action: PermissionAction, resource: Resource): boolean {
  if (!user) return false;
  switch (resource.kind) {
    case 'area':
      return hasPermission(user, `${resource.area}_${action}`);
    case 'file': {
      if (action !== 'view') return false;
      const scope = fileScope(user);
      return scope === 'all' || (scope === 'branch' && resource.branchId !== null && resource.branchId === user.branchId) || (scope === 'own' && resource.uploadedBy === user.id);
    }
    case 'hkid':
      return action === 'view' && hasPermission(user, 'hkid_reveal');
    case 'orderVoid':
      return action === 'edit' && hasPermission(user, 'order_void');
  }
}

/**
 * The rights in `permissions` that `actor` does not hold (none for an administrator). A user may hand
 * out only rights they hold themselves: a role they create or edit, or a role they give an account,
 * may not reach beyond their own, or anyone holding `user_edit` and `role_edit` could make themselves
 * all-powerful.
 */
export function rightsBeyond(actor: PermissionHolder, permissions: readonly string[]): string[] {
  if (actor.isAdmin) return [];
  const own = actor.role?.permissions ?? [];
  return [...new Set(permissions.filter((p) => !own.includes(p)))].sort();
}

/** Only an administrator makes someone an administrator. */
export const mayGrantAdmin = (actor: PermissionHolder): boolean => actor.isAdmin;

/**
 * Whether `actor` may change, reset or delete an account (or a role) holding `target`'s rights:
 * an administrator may; anyone else only when the target is not an administrator and holds nothing
 * the actor lacks.
 */
export function mayManage(actor: PermissionHolder, target: PermissionHolder): boolean {
  return actor.isAdmin || (!target.isAdmin && rightsBeyond(actor, target.role?.permissions ?? []).length === 0);
}
