import { ContainerModule, type Bind } from 'inversify';
import { ApiClient } from '../../application/api/ApiClient';
import { ErrorPolicy } from '../../application/api/ErrorPolicy';
import { OfflineSaves } from '../../application/api/OfflineSaves';
import { ConfirmationService } from '../../application/navigation/ConfirmationService';
import { NavigationService } from '../../application/navigation/NavigationService';
import { ErrorsShownHere } from '../../application/navigation/ErrorsShownHere';
import { RouteController } from '../../application/navigation/RouteController';
import { ROUTES } from '../../application/navigation/routes';
import { ScreenDataDecoders } from '../../application/ports/ScreenDataDecoders';
import { ContractScreenDataDecoders, SCREEN_DECODERS } from '../http/screenData';
import { ApiTransport } from '../../application/ports/ApiTransport';
import { ProfileService } from '../../application/profile/ProfileService';
import { Clock } from '../../application/ports/Clock';
import { LanguageSetting } from '../../application/ports/LanguageSetting';
import { Navigator } from '../../application/ports/Navigator';
import { ProgressBar } from '../../application/ports/ProgressBar';
import { Timer } from '../../application/ports/Timer';
import { UserStore } from '../../application/ports/UserStore';
import { Connectivity } from '../../application/ports/Connectivity';
import { DraftStore } from '../../application/ports/DraftStore';
import { FileSaver } from '../../application/ports/FileSaver';
import { OfflineCache } from '../../application/ports/OfflineCache';
import { FileAddresses } from '../../application/ports/FileAddresses';
import { DownloadService } from '../../application/downloads/DownloadService';
import { ListExport } from '../../application/ports/ListExport';
import { HttpListExport } from '../http/HttpListExport';
import { AccountService } from '../../application/account/AccountService';
import { PasswordResetDesk } from '../../application/passwordReset/PasswordResetDesk';
import { ApiTokens } from '../../application/ports/ApiTokens';
import { Mailing } from '../../application/ports/Mailing';
import { CustomerReminders } from '../../application/ports/CustomerReminders';
import { StatementDesk } from '../../application/ports/StatementDesk';
import { ClientService } from '../../application/clients/ClientService';
import { AttachmentService } from '../../application/attachments/AttachmentService';
import { SalesDeskLoader } from '../../application/sales/SalesDesks';
import { CustomerLinks } from '../../application/ports/CustomerLinks';
import { ClientFinder } from '../../application/ports/ClientFinder';
import { DocumentPdfs } from '../../application/ports/DocumentPdfs';
import { OrderBook } from '../../application/ports/OrderBook';
import { QuotationBook } from '../../application/ports/QuotationBook';
import { lazyPort } from './lazyPort';
import type { Token } from '../../application/di/token';
import { loadClientArea } from '../http/clients/load';
import { AppointmentBook } from '../../application/ports/AppointmentBook';
import { OverlapWatch } from '../../application/appointments/OverlapWatch';
import { AppointmentFlowLoader } from '../../application/appointments/AppointmentFlowLoader';
import { FieldDesk } from '../../application/field/FieldDesk';
import { NO_OFFLINE_VISITS, OfflineVisits } from '../../application/field/OfflineVisits';
import { ReportService } from '../../application/reports/ReportService';
import { ReportDesk } from '../../application/ports/ReportDesk';
import { ProductForms } from '../../application/products/ProductForms';
import { AdminDeskLoader } from '../../application/admin/AdminDesks';
import { RoleBook } from '../../application/ports/RoleBook';
import { UserDirectory } from '../../application/ports/UserDirectory';
import { ListDesk } from '../../application/admin/ListDesk';
import { OrganisationDesk } from '../../application/admin/OrganisationDesk';
import { DraftService } from '../../application/session/DraftService';
import { LoadingIndicator } from '../../application/progress/LoadingIndicator';
import { AppStartup } from '../../application/session/AppStartup';
import { CurrentUser } from '../../application/session/CurrentUser';
import { HeartbeatService } from '../../application/session/HeartbeatService';
import { SessionService } from '../../application/session/SessionService';
import { SignIn } from '../../application/ports/SignIn';
import { AppState } from '../../application/state/AppState';
import { BrowserFileSaver } from '../downloads/BrowserFileSaver';
import { ServiceWorkerOfflineCache } from '../offline/ServiceWorkerOfflineCache';
import { CookieJar } from '../fake-backend/CookieJar';
import { InPageServerTransport } from '../fake-backend/InPageServerTransport';
import { ObjectUrlFileAddresses } from '../fake-backend/ObjectUrlFileAddresses';
import { DirectFileAddresses } from '../http/DirectFileAddresses';
import { FetchApiTransport } from '../http/FetchApiTransport';
import { type I18nextLanguageSetting } from '../i18n/I18nextLanguageSetting';
import { BrowserHistoryNavigator } from '../navigation/BrowserHistoryNavigator';
import { NProgressBar } from '../progress/NProgressBar';
import { LocalStorageUserStore } from '../storage/LocalStorageUserStore';
import { WindowConnectivity } from '../network/WindowConnectivity';
import { SessionStorageDraftStore } from '../storage/SessionStorageDraftStore';
import { SystemClock } from '../timer/SystemClock';
import { WindowTimer } from '../timer/WindowTimer';

/** The browser's own facilities, passed in so a test can hand over fakes. */
export interface BrowserHost {
  readonly window: Window;
  readonly fetch: typeof fetch;
  readonly storage: Storage;
  /** The tab's own storage, for drafts kept across an expired session. */
  readonly sessionStorage: Storage;
}

/** Platform adapters: timers, storage, history, progress bar, file saving. One instance each for the page's life. */
export function platformModule(host: BrowserHost, addresses: 'path' | 'hash' = 'path'): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(Timer).toConstantValue(new WindowTimer(host.window));
    bind(Clock).toConstantValue(new SystemClock());
    bind(UserStore).toConstantValue(new LocalStorageUserStore(host.storage));
    bind(DraftStore).toConstantValue(new SessionStorageDraftStore(host.sessionStorage));
    bind(Connectivity).toConstantValue(new WindowConnectivity(host.window));
    bind(Navigator).toConstantValue(new BrowserHistoryNavigator(host.window, addresses));
    bind(ProgressBar).toResolvedValue(() => new NProgressBar(() => import('nprogress').then((m) => m.default))).inSingletonScope();
    bind(FileSaver).toConstantValue(new BrowserFileSaver(host.window));
    bind(OfflineCache).toConstantValue(new ServiceWorkerOfflineCache(host.window));
  });
}

/** The interface language, over the page's i18next instance. */
export function i18nModule(language: I18nextLanguageSetting): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(LanguageSetting).toConstantValue(language);
  });
}

/** The real back end: fetch against the server that served the page, which an <img> reaches by itself too. */
export function httpBackendModule(host: BrowserHost): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(ApiTransport)
      .toResolvedValue(
        (language: LanguageSetting) =>
          new FetchApiTransport(host.fetch, () => host.window.document.cookie, () => language.current()),
        [LanguageSetting],
      )
      .inSingletonScope();
    bind(FileAddresses).toConstantValue(new DirectFileAddresses());
  });
}

/**
 * The fake backend: the reference server's app and PGlite run in this page (loaded on the first
 * request only), so the whole product works with no server at all; stored pictures come through it too.
 */
export function inPageBackendModule(host: BrowserHost): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(ApiTransport)
      .toResolvedValue(
        (language: LanguageSetting) =>
          new InPageServerTransport(
            () => import('../fake-backend/startInPageServer').then((m) => m.startInPageServer({ persistent: true })),
            new CookieJar(host.sessionStorage),
            () => language.current(),
          ),
        [LanguageSetting],
      )
      .inSingletonScope();
    // No server answers an <img src="/api/…"> here: pictures are fetched through the transport and shown from blob: addresses.
    bind(FileAddresses)
      .toResolvedValue(
        (transport: ApiTransport, timer: Timer) =>
          new ObjectUrlFileAddresses(transport, { create: (blob) => URL.createObjectURL(blob), revoke: (address) => URL.revokeObjectURL(address) }, timer),
        [ApiTransport, Timer],
      )
      .inSingletonScope();
  });
}

/** A back end for the page: the module that binds its adapters, and how the page's addresses are kept. */
export interface Backend {
  readonly module: (host: BrowserHost) => ContainerModule;
  /** The in-page backend is for builds served as plain files, so its addresses live in the hash. */
  readonly addresses: 'path' | 'hash';
}

/** The real server that served the page. */
export const HTTP_BACKEND: Backend = { module: httpBackendModule, addresses: 'path' };

/** The reference server running in the page (`npm run demo`). */
export const IN_PAGE_BACKEND: Backend = { module: inPageBackendModule, addresses: 'hash' };

/*
 * Application state and use-cases, one module per area of the product. Every binding is a singleton:
 * a service holds the page's state or is stateless, and the page has one of each.
 */

/**
 * Binds a port to its HTTP adapter (a class over the ApiClient), one for the page's life. The adapter
 * and the part of the wire contract it decodes with load with the first screen that asks for the port
 * (lazyPort), not with the sign-in page.
 */
function bindHttpAdapter<T extends object>(bind: Bind, port: Token<T>, load: () => Promise<new (api: ApiClient) => T>): void {
  bind(port)
    .toResolvedValue((api: ApiClient) => lazyPort<T>(() => load().then((Adapter) => new Adapter(api))), [ApiClient])
    .inSingletonScope();
}

/** The session, calls and navigation (spec §2–§4, §7, §8): the page's state, the signed-in user, the
 * heartbeat, the error catalogue, the route table's controller and downloads. */
export const sessionModule = new ContainerModule(({ bind }) => {
  bind(AppState).toResolvedValue(() => new AppState()).inSingletonScope();
  bind(CurrentUser)
    .toResolvedValue((state: AppState, store: UserStore) => new CurrentUser(state, store), [AppState, UserStore])
    .inSingletonScope();
  bind(LoadingIndicator)
    .toResolvedValue((bar: ProgressBar, timer: Timer) => new LoadingIndicator(bar, timer), [ProgressBar, Timer])
    .inSingletonScope();
  bind(DraftService)
    .toResolvedValue((store: DraftStore, currentUser: CurrentUser) => new DraftService(store, currentUser), [DraftStore, CurrentUser])
    .inSingletonScope();
  bind(OfflineSaves)
    .toResolvedValue((state: AppState, drafts: DraftService) => new OfflineSaves(state, drafts), [AppState, DraftService])
    .inSingletonScope();
  bind(ErrorsShownHere).toResolvedValue(() => new ErrorsShownHere()).inSingletonScope();
  bind(ErrorPolicy)
    .toResolvedValue(
      (navigator: Navigator, currentUser: CurrentUser, state: AppState, drafts: DraftService, shownHere: ErrorsShownHere) =>
        new ErrorPolicy(navigator, currentUser, state, drafts, shownHere),
      [Navigator, CurrentUser, AppState, DraftService, ErrorsShownHere],
    )
    .inSingletonScope();
  bind(ApiClient)
    .toResolvedValue(
      (transport: ApiTransport, loading: LoadingIndicator, policy: ErrorPolicy, offline: OfflineSaves) => new ApiClient(transport, loading, policy, offline),
      [ApiTransport, LoadingIndicator, ErrorPolicy, OfflineSaves],
    )
    .inSingletonScope();
  // The sign-in adapter and the contract it decodes with load just after the sign-in page (lazyPort), not in its first download.
  bind(SignIn).toResolvedValue((api: ApiClient) => lazyPort<SignIn>(() => import('../http/account/HttpSignIn').then((m) => new m.HttpSignIn(api))), [ApiClient]).inSingletonScope();
  bind(SessionService)
    .toResolvedValue(
      (signIn: SignIn, currentUser: CurrentUser, state: AppState, language: LanguageSetting, navigator: Navigator) =>
        new SessionService(signIn, currentUser, state, language, navigator),
      [SignIn, CurrentUser, AppState, LanguageSetting, Navigator],
    )
    .inSingletonScope();
  bind(HeartbeatService)
    .toResolvedValue(
      (api: ApiClient, state: AppState, currentUser: CurrentUser, navigator: Navigator, timer: Timer, drafts: DraftService, connectivity: Connectivity) =>
        new HeartbeatService(api, state, currentUser, navigator, timer, drafts, connectivity),
      [ApiClient, AppState, CurrentUser, Navigator, Timer, DraftService, Connectivity],
    )
    .inSingletonScope();
  bind(ConfirmationService).toResolvedValue(() => new ConfirmationService()).inSingletonScope();
  bind(NavigationService)
    .toResolvedValue(
      (navigator: Navigator, state: AppState, confirmation: ConfirmationService) => new NavigationService(navigator, state, confirmation),
      [Navigator, AppState, ConfirmationService],
    )
    .inSingletonScope();
  bind(ScreenDataDecoders).toConstantValue(new ContractScreenDataDecoders(SCREEN_DECODERS));
  bind(RouteController)
    .toResolvedValue(
      (navigator: Navigator, currentUser: CurrentUser, state: AppState, api: ApiClient, clock: Clock, shownHere: ErrorsShownHere, decoders: ScreenDataDecoders) =>
        new RouteController(navigator, currentUser, state, api, clock, shownHere, ROUTES, decoders),
      [Navigator, CurrentUser, AppState, ApiClient, Clock, ErrorsShownHere, ScreenDataDecoders],
    )
    .inSingletonScope();
  bind(AppStartup)
    .toResolvedValue(
      (currentUser: CurrentUser, heartbeat: HeartbeatService, navigation: NavigationService, kept: OfflineCache) => new AppStartup(currentUser, heartbeat, navigation, kept),
      [CurrentUser, HeartbeatService, NavigationService, OfflineCache],
    )
    .inSingletonScope();
  bind(DownloadService).toResolvedValue((api: ApiClient, saver: FileSaver) => new DownloadService(api, saver), [ApiClient, FileSaver]).inSingletonScope();
  bind(ListExport).toConstantValue(new HttpListExport());
});

/** The signed-in user's own account: profile, two-factor, sessions and API tokens. */
export const accountModule = new ContainerModule(({ bind }) => {
  // The account's use-cases load with the first account screen (lazyPort), not with the sign-in page.
  bind(AccountService)
    .toResolvedValue(
      (api: ApiClient, signIn: SignIn, currentUser: CurrentUser, navigator: Navigator) =>
        lazyPort<AccountService>(() => import('./account').then((m) => m.accountService(api, signIn, currentUser, navigator))),
      [ApiClient, SignIn, CurrentUser, Navigator],
    )
    .inSingletonScope();
  // Password reset (forgot, the link's page, a temporary password): loaded with its first screen (lazyPort).
  bind(PasswordResetDesk)
    .toResolvedValue(
      (api: ApiClient, signIn: SignIn, currentUser: CurrentUser, navigator: Navigator, navigation: NavigationService, state: AppState) =>
        lazyPort<PasswordResetDesk>(() => import('./passwordReset').then((m) => m.passwordResetDesk(api, signIn, currentUser, navigator, navigation, state))),
      [ApiClient, SignIn, CurrentUser, Navigator, NavigationService, AppState],
    )
    .inSingletonScope();
  // Loaded with the API tokens screen (lazyPort), not with the sign-in page.
  bindHttpAdapter(bind, ApiTokens, () => import('../http/account/HttpApiTokens').then((m) => m.HttpApiTokens));
  bind(ProfileService)
    .toResolvedValue(
      (api: ApiClient, currentUser: CurrentUser, language: LanguageSetting, state: AppState) =>
        lazyPort<ProfileService>(() => import('./account').then((m) => m.profileService(api, currentUser, language, state))),
      [ApiClient, CurrentUser, LanguageSetting, AppState],
    )
    .inSingletonScope();
});

/** Clients and their attachments. */
export const clientModule = new ContainerModule(({ bind }) => {
  // The use-cases with their adapters (ClientDirectory, AttachmentStore over HTTP) and the part of the
  // wire contract they read load together with the first screen that asks for them (lazyPort), not
  // with the sign-in page.
  bind(ClientService)
    .toResolvedValue(
      (api: ApiClient, state: AppState, navigation: NavigationService, confirmation: ConfirmationService) =>
        lazyPort<ClientService>(() => loadClientArea().then((m) => m.clientDesk(api, state, navigation, confirmation))),
      [ApiClient, AppState, NavigationService, ConfirmationService],
    )
    .inSingletonScope();
  bind(AttachmentService)
    .toResolvedValue((api: ApiClient, confirmation: ConfirmationService) => lazyPort<AttachmentService>(() => loadClientArea().then((m) => m.attachmentDesk(api, confirmation))), [ApiClient, ConfirmationService])
    .inSingletonScope();
});

/** Quotations, invoices, receipts and refunds: their HTTP adapters and the screens' use-cases. */
export const salesModule = new ContainerModule(({ bind }) => {
  // The adapters load with the first sales screen (lazyPort), not with the sign-in page.
  const salesChunk = () => import('../http/sales/adapters');
  const sales = (api: ApiClient) => salesChunk().then((m) => m.salesAdapters(api));
  bind(QuotationBook).toResolvedValue((api: ApiClient) => lazyPort(() => sales(api).then((a) => a.quotations)), [ApiClient]).inSingletonScope();
  bind(OrderBook).toResolvedValue((api: ApiClient) => lazyPort(() => sales(api).then((a) => a.orders)), [ApiClient]).inSingletonScope();
  bind(ClientFinder).toResolvedValue((api: ApiClient) => lazyPort(() => sales(api).then((a) => a.clients)), [ApiClient]).inSingletonScope();
  // Customer links (a document's address for its customer) and the customer's answers, loaded with their first use.
  bind(CustomerLinks)
    .toResolvedValue(
      (api: ApiClient, navigator: Navigator, downloads: DownloadService) =>
        lazyPort(() => salesChunk().then((m) => new m.HttpCustomerLinks(api, navigator, downloads))),
      [ApiClient, Navigator, DownloadService],
    )
  // The documents' PDFs (the sales documents and a visit's service report): the adapter loads on the first download.
  bind(DocumentPdfs)
    .toResolvedValue((downloads: DownloadService) => lazyPort<DocumentPdfs>(() => import('../http/documents/HttpDocumentPdfs').then((m) => new m.HttpDocumentPdfs(downloads))), [DownloadService])
    .inSingletonScope();
  bind(SalesDeskLoader)
    .toResolvedValue(
      (quotations: QuotationBook, orders: OrderBook, state: AppState, navigation: NavigationService, confirmation: ConfirmationService, clock: Clock, links: CustomerLinks) =>
        new SalesDeskLoader(quotations, orders, state, navigation, confirmation, clock, links),
      [QuotationBook, OrderBook, AppState, NavigationService, ConfirmationService, Clock, CustomerLinks],
    )
    .inSingletonScope();
});

/** The calendar and its appointments. */
export const appointmentModule = new ContainerModule(({ bind }) => {
  bindHttpAdapter(bind, AppointmentBook, () => import('../http/appointments/HttpAppointmentBook').then((m) => m.HttpAppointmentBook));
  bind(OverlapWatch).toResolvedValue((book: AppointmentBook, timer: Timer) => new OverlapWatch(book, timer), [AppointmentBook, Timer]).inSingletonScope();
  bind(AppointmentFlowLoader)
    .toResolvedValue(
      (state: AppState, navigation: NavigationService, book: AppointmentBook) => new AppointmentFlowLoader(state, navigation, book),
      [AppState, NavigationService, AppointmentBook],
    )
    .inSingletonScope();
  // The worker's use-cases in the field and their adapters load with the first worker screen (lazyPort);
  // what they need is asked of the container then (./field), so none of it weighs on the first download.
  bind(FieldDesk)
    .toDynamicValue((context) => lazyPort<FieldDesk>(() => import('./field').then((m) => m.fieldDesk(context))))
    .inSingletonScope();
  // Today's and tomorrow's visits fetched ahead for offline use: loaded with My day (lazyPort), where
  // the browser has service workers to keep them.
  bind(OfflineVisits)
    .toResolvedValue(
      (api: ApiClient, book: AppointmentBook, cache: OfflineCache, decoders: ScreenDataDecoders, state: AppState, clock: Clock) =>
        typeof navigator !== 'undefined' && 'serviceWorker' in navigator
          ? lazyPort<OfflineVisits>(() => import('./offline').then((m) => m.offlineVisits(api, book, cache, decoders, state, clock)))
          : NO_OFFLINE_VISITS,
      [ApiClient, AppointmentBook, OfflineCache, ScreenDataDecoders, AppState, Clock],
    )
    .inSingletonScope();
});

/** The nine reports and the dashboard. */
export const reportModule = new ContainerModule(({ bind }) => {
  bindHttpAdapter(bind, ReportDesk, () => import('../http/reports/HttpReportDesk').then((m) => m.HttpReportDesk));
  bind(ReportService).toResolvedValue((desk: ReportDesk) => new ReportService(desk), [ReportDesk]).inSingletonScope();
});

/** Administration: users, roles and the two-factor policy (their adapters and use-cases load with their screens), and the other plain records. */
export const adminModule = new ContainerModule(({ bind }) => {
  bindHttpAdapter(bind, UserDirectory, () => import('../http/admin/HttpUserDirectory').then((m) => m.HttpUserDirectory));
  bindHttpAdapter(bind, RoleBook, () => import('../http/admin/HttpRoleBook').then((m) => m.HttpRoleBook));
  bind(AdminDeskLoader)
    .toResolvedValue(
      (users: UserDirectory, roles: RoleBook, state: AppState, currentUser: CurrentUser, navigation: NavigationService, confirmation: ConfirmationService) =>
        new AdminDeskLoader({ users, roles, state, currentUser, navigation, confirmation }),
      [UserDirectory, RoleBook, AppState, CurrentUser, NavigationService, ConfirmationService],
    )
    .inSingletonScope();
});

/** Products and their categories: the forms' use-case over the HTTP catalogue, loaded with the first products screen (lazyPort), not with the sign-in page. */
export const productModule = new ContainerModule(({ bind }) => {
  bind(ProductForms)
    .toResolvedValue(
      (api: ApiClient, navigation: NavigationService, state: AppState) => lazyPort<ProductForms>(() => import('./products').then((m) => m.productForms(api, navigation, state))),
      [ApiClient, NavigationService, AppState],
    )
    .inSingletonScope();
});

/**
 * Settings → lists (order terms, options, areas, holidays, codes) and the organisation (companies,
 * branches): their HTTP adapters and use-cases load with the first such screen (lazyPort), not with
 * the sign-in page.
 */
export const settingsModule = new ContainerModule(({ bind }) => {
  const deps = [ApiClient, AppState, NavigationService, ConfirmationService] as const;
  for (const [desk, name] of [
    [ListDesk, 'listDesk'],
    [OrganisationDesk, 'organisationDesk'],
  ] as const) {
    bind<ListDesk | OrganisationDesk>(desk)
      .toResolvedValue(
        (api: ApiClient, state: AppState, navigation: NavigationService, confirmation: ConfirmationService) =>
          lazyPort(() => import('../http/admin/settingsAdapters').then((m) => m.settingsAdapters(api, state, navigation, confirmation)[name])),
        [...deps],
      )
      .inSingletonScope();
  }
  // Settings → E-mail and Background jobs, "Send by e-mail" on documents: loaded with the first of them (lazyPort).
  bindHttpAdapter(bind, Mailing, () => import('../http/mail/HttpMailing').then((m) => m.HttpMailing));
  // Settings → Customer reminders and "Send payment reminder": loaded with the first of them (lazyPort).
  bindHttpAdapter(bind, CustomerReminders, () => import('../http/reminders/HttpCustomerReminders').then((m) => m.HttpCustomerReminders));
  // Statements of account (print view, e-mail, several clients at once): in the e-mail adapters' chunk (lazyPort).
  bindHttpAdapter(bind, StatementDesk, () => import('../http/mail/HttpMailing').then((m) => m.HttpStatementDesk));
});

/** Every application module, in the order the container loads them. */
export const applicationModules: readonly ContainerModule[] = [sessionModule, accountModule, clientModule, salesModule, appointmentModule, reportModule, productModule, adminModule, settingsModule];
