import type { ConfirmationService } from '../navigation/ConfirmationService';
import type { NavigationService } from '../navigation/NavigationService';
import type { RoleBook } from '../ports/RoleBook';
import type { UserDirectory } from '../ports/UserDirectory';
import type { CurrentUser } from '../session/CurrentUser';
import type { AppState } from '../state/AppState';

/**
 * Holds the administration use-cases (Settings → Users, Roles and the two-factor policy), each made
 * once with the container's ports and services by the factory its screen brings (`makeUserAdmin`,
 * `makeRoleAdmin`, `makeTwoFactorPolicyService`): a use-case's code and the domain rules it uses come
 * with its screen, not with every page's first download (the composition root, the /login budget).
 */
export class AdminDeskLoader {
  private readonly made = new Map<(dependencies: AdminDeskDependencies) => unknown, unknown>();

  constructor(private readonly dependencies: AdminDeskDependencies) {}

  /** The use-case `make` makes, the same every time. */
  desk<T>(make: (dependencies: AdminDeskDependencies) => T): T {
    if (!this.made.has(make)) this.made.set(make, make(this.dependencies));
    return this.made.get(make) as T;
  }
}

/** What the administration use-cases are made with. */
export interface AdminDeskDependencies {
  readonly users: UserDirectory;
  readonly roles: RoleBook;
  readonly state: AppState;
  readonly currentUser: CurrentUser;
  readonly navigation: NavigationService;
  readonly confirmation: ConfirmationService;
}
