import type { Permission } from './permissions';

/**
 * What a personal API token may do, besides what its user may do (it never exceeds either). The four
 * plain abilities follow what a request does to the record it addresses: read (GET), create (POST),
 * update (PUT), delete (DELETE). Actions that are not plain create/read/update/delete have abilities
 * of their own, so a token made to create records cannot also void invoices, reveal an HKID number
 * or manage accounts:
 * - void: void and unvoid an invoice (POST /api/orders/{id}/void, /unvoid);
 * - hkid_reveal: show a client's full HKID number (POST /api/clients/{id}/hkid/reveal);
 * - user_admin: create, edit and delete users and roles, reset a user's two-factor.
 * A few POSTs are plain updates or reads and need those: a quotation's or a visit's status, a
 * reschedule, a bank-in (update), the double-booking check (read).
 */
export const TOKEN_ABILITIES = ['read', 'create', 'update', 'delete', 'void', 'hkid_reveal', 'user_admin'] as const;
export type TokenAbility = (typeof TOKEN_ABILITIES)[number];

export function isTokenAbility(value: unknown): value is TokenAbility {
  return typeof value === 'string' && (TOKEN_ABILITIES as readonly string[]).includes(value);
}

/** The plain ability of a request's method. */
export function abilityOfMethod(method: string): TokenAbility {
  switch (method.toUpperCase()) {
    case 'POST':
      return 'create';
    case 'PUT':
    case 'PATCH':
      return 'update';
    case 'DELETE':
      return 'delete';
    default:
      return 'read';
  }
}

/**
 * The ability a route needs, from the permission it checks and its method: a read needs read
 * whatever it reads; voiding, revealing an HKID number and changing users or roles need their named
 * ability; anything else the ability of its method, unless the route says otherwise.
 */
export function abilityFor(permission: Permission, method: string): TokenAbility {
  const plain = abilityOfMethod(method);
  if (plain === 'read') return 'read';
  if (permission === 'order_void') return 'void';
  if (permission === 'hkid_reveal') return 'hkid_reveal';
  if (/^(user|role)_(create|edit|delete)$/.test(permission)) return 'user_admin';
  return plain;
}
