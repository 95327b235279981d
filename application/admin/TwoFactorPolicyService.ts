import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import type { RoleBook } from '../ports/RoleBook';
import type { TwoFactorPolicy } from './admin';
import type { AdminDeskDependencies } from './AdminDesks';

export type { TwoFactorPolicy } from './admin';

/** Reads and changes the company's two-factor requirement (Settings → Roles; audited by the server). */
export class TwoFactorPolicyService {
  private readonly read = new WeakMap<object, Promise<TwoFactorPolicy | null>>();

  constructor(private readonly roles: RoleBook) {}

  /**
   * The policy as it stands when `screen` (the screen's data, new each time the screen loads) opened:
   * read once per screen (without the progress bar), the same promise each time (React's `use`);
   * null when it cannot be read.
   */
  policyFor(screen: object): Promise<TwoFactorPolicy | null> {
    let policy = this.read.get(screen);
    if (!policy) {
      policy = Promise.resolve(this.roles.twoFactorPolicy().match((value) => value, () => null));
      this.read.set(screen, policy);
    }
    return policy;
  }

  /** Which roles are ticked as it stands. */
  requiredRoles(policy: TwoFactorPolicy): ReadonlySet<number> {
    return new Set(policy.roles.filter((r) => r.required).map((r) => r.id));
  }

  /** The roles ticked after one is ticked (`on`) or unticked. */
  toggled(roleIds: ReadonlySet<number>, id: number, on: boolean): ReadonlySet<number> {
    const next = new Set(roleIds);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  }

  save(everyone: boolean, roleIds: readonly number[]): ResultAsync<TwoFactorPolicy, ApiError> {
    return this.roles.setTwoFactorPolicy(everyone, roleIds);
  }
}

/** The policy section's use-case made with the container's services (AdminDeskLoader). */
export const makeTwoFactorPolicyService = (d: AdminDeskDependencies) => new TwoFactorPolicyService(d.roles);
