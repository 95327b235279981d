// Inversify needs only the lite metadata API (it imports it itself); no decorators are used, so the
// full reflect-metadata polyfill would be 12 KB of dead weight on every route.
import 'reflect-metadata/lite';
import type { i18n } from 'i18next';
import { Container, type ServiceIdentifier } from 'inversify';
import type { ServiceResolver } from '../../application/di/ServiceResolver';
import type { ServiceKey } from '../../application/di/token';
import { createI18n, I18nextLanguageSetting } from '../i18n/I18nextLanguageSetting';
import { applicationModules, HTTP_BACKEND, i18nModule, platformModule, type Backend, type BrowserHost } from './modules';

export interface ComposedApp {
  readonly services: ServiceResolver;
  /** For react-i18next's provider; screens translate through it. */
  readonly i18n: i18n;
}

/**
 * The composition root: the one place that decides which adapter serves each port. Swapping the
 * back end (e.g. for the in-browser fake) is a change of module here, nothing else. The back end is
 * passed in (HTTP_BACKEND or IN_PAGE_BACKEND) so that a build for the real server leaves the
 * in-page adapters out of its entry script altogether.
 */
export function composeApp(host: BrowserHost, backend: Backend = HTTP_BACKEND): ComposedApp {
  const i18n = createI18n(I18nextLanguageSetting.stored(host.storage));
  const language = new I18nextLanguageSetting(i18n, host.storage, host.window.document.documentElement);
  const container = new Container();
  container.load(
    platformModule(host, backend.addresses),
    i18nModule(language),
    backend.module(host),
    ...applicationModules,
  );
  return {
    services: { get: <T,>(key: ServiceKey<T>) => container.get<T>(key as ServiceIdentifier<T>) },
    i18n,
  };
}
