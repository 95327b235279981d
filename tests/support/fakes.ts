import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { BehaviorSubject } from 'rxjs';
import type { User } from '../../domain/auth/user';
import type { Language } from '../../domain/i18n/language';
import { ApiClient } from '../../application/api/ApiClient';
import { ErrorPolicy } from '../../application/api/ErrorPolicy';
import { ErrorsShownHere } from '../../application/navigation/ErrorsShownHere';
import { OfflineSaves } from '../../application/api/OfflineSaves';
import { ConfirmationService } from '../../application/navigation/ConfirmationService';
import { NavigationService } from '../../application/navigation/NavigationService';
import { RouteController } from '../../application/navigation/RouteController';
import type { ApiRequest, ApiResponse, ApiTransport, NoResponse } from '../../application/ports/ApiTransport';
import type { LanguageSetting } from '../../application/ports/LanguageSetting';
import type { AppLocation, LeaveGuard, Navigator } from '../../application/ports/Navigator';
import type { Clock } from '../../application/ports/Clock';
import type { ProgressBar } from '../../application/ports/ProgressBar';
import type { Cancel, Timer } from '../../application/ports/Timer';
import type { Connectivity } from '../../application/ports/Connectivity';
import type { OfflineCache } from '../../application/ports/OfflineCache';
import type { UserStore } from '../../application/ports/UserStore';
import type { DraftStore } from '../../application/ports/DraftStore';
import type { FileSaver } from '../../application/ports/FileSaver';
import { DraftService } from '../../application/session/DraftService';
import { LoadingIndicator } from '../../application/progress/LoadingIndicator';
import { CurrentUser } from '../../application/session/CurrentUser';
import { AppState } from '../../application/state/AppState';

export type Handler = (request: ApiRequest) => ApiResponse | 'no-response' | Promise<ApiResponse | 'no-response'>;

/** Answers requests with a handler the test sets, and records every request. */
export class FakeTransport implements ApiTransport {
  readonly requests: ApiRequest[] = [];
  constructor(public handler: Handler = () => ({ status: 200, body: {} })) {}

  send(request: ApiRequest): ResultAsync<ApiResponse, NoResponse> {
    this.requests.push(request);
    return ResultAsync.fromSafePromise(Promise.resolve(this.handler(request))).andThen((answer) =>
      answer === 'no-response' ? errAsync<ApiResponse, NoResponse>({ code: 'network' }) : okAsync<ApiResponse, NoResponse>(answer),
    );
  }
}

/** Timer over the global timer functions, so vi.useFakeTimers() controls it. */
export const globalTimer: Timer = {
  setTimeout(callback, ms): Cancel {
    const id = setTimeout(callback, ms);
    return () => clearTimeout(id);
  },
  setInterval(callback, ms): Cancel {
    const id = setInterval(callback, ms);
    return () => clearInterval(id);
  },
};

export class FakeNavigator implements Navigator {
  private readonly subject: BehaviorSubject<AppLocation>;
  readonly location$;
  readonly history: { kind: 'push' | 'replace' | 'pop'; url: string }[] = [];

  constructor(start = '/') {
    this.subject = new BehaviorSubject(FakeNavigator.parse(start));
    this.location$ = this.subject.asObservable();
  }

  static parse(url: string): AppLocation {
    const [path = '/', search = ''] = url.split('?');
    return { path, search: search ? `?${search}` : '' };
  }

  current(): AppLocation {
    return this.subject.getValue();
  }
  push(url: string): void {
    this.history.push({ kind: 'push', url });
    this.subject.next(FakeNavigator.parse(url));
  }
  replace(url: string): void {
    this.history.push({ kind: 'replace', url });
    this.subject.next(FakeNavigator.parse(url));
  }
  get url(): string {
    const { path, search } = this.current();
    return path + search;
  }

  href(url: string): string {
    return url;
  }

  guard: LeaveGuard | null = null;
  setLeaveGuard(guard: LeaveGuard | null): void {
    this.guard = guard;
  }

  /** The browser's back/forward button to `url`, with the leave guard consulted as the real adapter does. */
  async pop(url: string): Promise<void> {
    const target = FakeNavigator.parse(url);
    if (this.guard && !(await this.guard(target))) return;
    this.history.push({ kind: 'pop', url });
    this.subject.next(target);
  }
}

export class FakeClock implements Clock {
  constructor(public date = new Date('2026-11-23T10:00:00+08:00')) {}
  now(): Date {
    return new Date(this.date);
  }
}

export class MemoryUserStore implements UserStore {
  constructor(public user: User | null = null) {}
  load(): User | null {
    return this.user;
  }
  save(user: User): void {
    this.user = user;
  }
  clear(): void {
    this.user = null;
  }
}

export class MemoryDraftStore implements DraftStore {
  readonly map = new Map<string, string>();
  save(key: string, value: string): void {
    this.map.set(key, value);
  }
  load(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  remove(key: string): void {
    this.map.delete(key);
  }
}

export class FakeProgressBar implements ProgressBar {
  readonly calls: ('start' | 'done')[] = [];
  start(): void {
    this.calls.push('start');
  }
  done(): void {
    this.calls.push('done');
  }
}

/** Hands out blob:fake/1, blob:fake/2… for the blobs given (as URL.createObjectURL would) and records which were revoked. */
export class FakeObjectUrls {
  readonly created: { address: string; blob: Blob }[] = [];
  readonly revoked: string[] = [];
  create(blob: Blob): string {
    const address = `blob:fake/${this.created.length + 1}`;
    this.created.push({ address, blob });
    return address;
  }
  revoke(address: string): void {
    this.revoked.push(address);
  }
  /** The addresses made and not revoked. */
  get live(): string[] {
    return this.created.map((c) => c.address).filter((a) => !this.revoked.includes(a));
  }
}

/** A device cache for offline use that keeps nothing and counts how often it was told to forget. */
export class FakeOfflineCache implements OfflineCache {
  forgotten = 0;
  constructor(private readonly keeps = false) {}
  ready(): Promise<boolean> {
    return Promise.resolve(this.keeps);
  }
  forget(): Promise<void> {
    this.forgotten++;
    return Promise.resolve();
  }
}

/** Keeps the files the app saved (downloads), in order. */
export class MemoryFileSaver implements FileSaver {
  readonly saved: { name: string; file: Blob }[] = [];
  save(file: Blob, name: string): void {
    this.saved.push({ name, file });
  }
}

export class FakeLanguageSetting implements LanguageSetting {
  private readonly subject: BehaviorSubject<Language>;
  readonly language$;
  constructor(language: Language = 'zh-HK') {
    this.subject = new BehaviorSubject(language);
    this.language$ = this.subject.asObservable();
  }
  current(): Language {
    return this.subject.getValue();
  }
  change(language: Language): Promise<void> {
    this.subject.next(language);
    return Promise.resolve();
  }
}

export const ADMIN: User = {
  id: 1,
  name: 'Ada Chan',
  email: 'admin@example.com',
  language: 'en',
  isAdmin: true,
  role: { id: 1, name: 'admin', permissions: ['appointment_view'] },
  branchId: 1,
  companyId: 1,
};

export const WORKER_WITHOUT_CALENDAR: User = {
  ...ADMIN,
  id: 3,
  isAdmin: false,
  role: { id: 3, name: 'worker', permissions: ['client_view'] },
};

/** The application core wired by hand with fakes (no container), as the composition root would. */
/** The browser's online/offline events, fired by the test. */
export class FakeConnectivity implements Connectivity {
  private readonly listeners = new Set<(online: boolean) => void>();
  watch(onChange: (online: boolean) => void): Cancel {
    this.listeners.add(onChange);
    return () => this.listeners.delete(onChange);
  }
  fire(online: boolean): void {
    for (const listener of this.listeners) listener(online);
  }
}

export function createCore(options: { handler?: Handler; user?: User | null; start?: string } = {}) {
  const transport = new FakeTransport(options.handler);
  const navigator = new FakeNavigator(options.start);
  const store = new MemoryUserStore(options.user ?? null);
  const bar = new FakeProgressBar();
  const language = new FakeLanguageSetting();
  const state = new AppState();
  const currentUser = new CurrentUser(state, store);
  const loading = new LoadingIndicator(bar, globalTimer);
  const draftStore = new MemoryDraftStore();
  const drafts = new DraftService(draftStore, currentUser);
  const shownHere = new ErrorsShownHere();
  const policy = new ErrorPolicy(navigator, currentUser, state, drafts, shownHere);
  const offline = new OfflineSaves(state, drafts);
  const api = new ApiClient(transport, loading, policy, offline);
  const clock = new FakeClock();
  const confirmation = new ConfirmationService();
  const navigation = new NavigationService(navigator, state, confirmation);
  const routes = new RouteController(navigator, currentUser, state, api, clock, shownHere);
  return { transport, navigator, store, bar, language, state, currentUser, loading, shownHere, policy, offline, api, clock, confirmation, navigation, routes, drafts, draftStore };
}
