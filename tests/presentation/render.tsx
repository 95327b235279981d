import 'reflect-metadata';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Container, ContainerModule, type ServiceIdentifier } from 'inversify';
import { I18nextProvider } from 'react-i18next';
import type { User } from '../../domain/auth/user';
import type { Language } from '../../domain/i18n/language';
import type { ServiceKey } from '../../application/di/token';
import { ApiTransport } from '../../application/ports/ApiTransport';
import { Clock } from '../../application/ports/Clock';
import { Connectivity } from '../../application/ports/Connectivity';
import { DraftStore } from '../../application/ports/DraftStore';
import { FileSaver } from '../../application/ports/FileSaver';
import { FileAddresses } from '../../application/ports/FileAddresses';
import { LanguageSetting } from '../../application/ports/LanguageSetting';
import { Navigator } from '../../application/ports/Navigator';
import { ProgressBar } from '../../application/ports/ProgressBar';
import { Timer } from '../../application/ports/Timer';
import { UserStore } from '../../application/ports/UserStore';
import { NavigationService } from '../../application/navigation/NavigationService';
import { CurrentUser } from '../../application/session/CurrentUser';
import { applicationModules } from '../../infrastructure/composition/modules';
import { DirectFileAddresses } from '../../infrastructure/http/DirectFileAddresses';
import { createI18n, I18nextLanguageSetting } from '../../infrastructure/i18n/I18nextLanguageSetting';
import { allMessages } from '../support/messages';
import { App } from '../../presentation/app/App';
import { ServicesProvider } from '../../presentation/services/ServicesContext';
import { ADMIN, FakeClock, FakeConnectivity, MemoryDraftStore, MemoryFileSaver, FakeNavigator, FakeOfflineCache, FakeProgressBar, FakeTransport, globalTimer, MemoryUserStore, type Handler } from '../support/fakes';
import { CompletionOutbox } from '../../application/ports/CompletionOutbox';
import { OfflineCache } from '../../application/ports/OfflineCache';
import { MemoryCompletionOutbox } from '../../infrastructure/storage/MemoryCompletionOutbox';

/**
 * Renders the whole app on a real container whose ports are fakes: a scripted back end, an
 * in-memory history and storage. Screens are then used as a person would, by role and label.
 */
export function renderApp(
  options: {
    start?: string;
    handler?: Handler;
    user?: User | null;
    language?: Language;
    drafts?: MemoryDraftStore;
    /** How stored pictures get their address: as with the real server (their own /api/ address) unless given. */
    fileAddresses?: (transport: FakeTransport) => FileAddresses;
    /** The worker's outbox (in memory unless given). */
    outbox?: MemoryCompletionOutbox;
  } = {},
) {
  const drafts = options.drafts ?? new MemoryDraftStore();
  const transport = new FakeTransport(options.handler);
  const navigator = new FakeNavigator(options.start ?? '/');
  const store = new MemoryUserStore(options.user ?? null);
  const files = new MemoryFileSaver();
  const connectivity = new FakeConnectivity();
  const outbox = options.outbox ?? new MemoryCompletionOutbox();
  const offlineCache = new FakeOfflineCache();
  const i18n = createI18n(options.language ?? 'zh-HK', allMessages());
  const memory = new Map<string, string>();
  const language = new I18nextLanguageSetting(i18n, { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) }, document.documentElement);
  const container = new Container();
  container.load(
    new ContainerModule(({ bind }) => {
      bind(ApiTransport).toConstantValue(transport);
      bind(Navigator).toConstantValue(navigator);
      bind(UserStore).toConstantValue(store);
      bind(Timer).toConstantValue(globalTimer);
      bind(Clock).toConstantValue(new FakeClock());
      bind(DraftStore).toConstantValue(drafts);
      bind(Connectivity).toConstantValue(connectivity);
      bind(ProgressBar).toConstantValue(new FakeProgressBar());
      bind(FileSaver).toConstantValue(files);
      bind(FileAddresses).toConstantValue(options.fileAddresses?.(transport) ?? new DirectFileAddresses());
      bind(LanguageSetting).toConstantValue(language);
      bind(CompletionOutbox).toConstantValue(outbox);
      bind(OfflineCache).toConstantValue(offlineCache);
    }),
    ...applicationModules,
  );
  const services = { get: <T,>(key: ServiceKey<T>) => container.get<T>(key as ServiceIdentifier<T>) };
  services.get(CurrentUser).restore();
  services.get(NavigationService).start();
  const view = render(
    <ServicesProvider services={services}>
      <I18nextProvider i18n={i18n}>
        <App />
      </I18nextProvider>
    </ServicesProvider>,
  );
  return { ...view, transport, navigator, store, i18n, services, drafts, files, connectivity, outbox, offlineCache };
}

/**
 * The app at `options.start` with the administrator signed in, in English (the set-up most screen
 * tests share; `options` may name another user or language), and `user`, a user-event session to
 * work the screen with as a person would.
 */
export function renderSignedIn(options: Parameters<typeof renderApp>[0] & { start: string }) {
  return { user: userEvent.setup(), ...renderApp({ user: ADMIN, language: 'en', ...options }) };
}
