import type { Observable } from 'rxjs';
import type { User } from '../../domain/auth/user';
import type { UserStore } from '../ports/UserStore';
import type { AppState } from '../state/AppState';

/** The signed-in user: held in the global state and mirrored to browser storage. */
export class CurrentUser {
  readonly user$: Observable<User | null>;

  constructor(
    private readonly state: AppState,
    private readonly store: UserStore,
  ) {
    this.user$ = state.select('user');
  }

  get(): User | null {
    return this.state.get().user;
  }

  /** Restores the user kept in browser storage (spec §2: at start). */
  restore(): User | null {
    const user = this.store.load();
    this.state.set({ user });
    return user;
  }

  set(user: User): void {
    this.store.save(user);
    this.state.set({ user });
  }

  clear(): void {
    this.store.clear();
    this.state.set({ user: null, authValid: false });
  }
}
