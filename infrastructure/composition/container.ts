// Inversify needs only the lite metadata API (it imports it itself); no decorators are used, so the
// full reflect-metadata polyfill would be 12 KB of dead weight on every route.
import 'reflect-metadata/lite';
import type { i18n } from 'i18next';
import { Container, type ServiceIdentifier } from 'inversify';
import type { ServiceResolver } from '../../application/di/ServiceResolver';
import type { ServiceKey } from '../../application/di/token';
import { createI18n, I18nextLanguageSetting } from '../i18n/I18nextLanguageSetting';
import { applicationModules, httpBackendModule, i18nModule, inPageBackendModule, platformModule, type BrowserHost } from './modules';

export interface ComposedApp {
  readonly services: ServiceResolver;
  /** For react-i18next's provider; screens translate through it. */
  readonly i18n: i18n;
}

/**
 * The composition root: the one place that decides which adapter serves each port. Swapping the
 * back end (e.g. for the in-browser fake) is a change of module here, nothing else.
 */
export function composeApp(host: BrowserHost, backend: 'http' | 'in-page' = 'http'): ComposedApp {
  const i18n = createI18n(I18nextLanguageSetting.stored(host.storage));
  const language = new I18nextLanguageSetting(i18n, host.storage, host.window.document.documentElement);
  const container = new Container();
  // The in-page backend is for builds served as plain files, so its addresses live in the hash.
  container.load(
    platformModule(host, backend === 'in-page' ? 'hash' : 'path'),
    i18nModule(language),
    backend === 'in-page' ? inPageBackendModule(host) : httpBackendModule(host),
    ...applicationModules,
  );
  return {
    services: { get: <T,>(key: ServiceKey<T>) => container.get<T>(key as ServiceIdentifier<T>) },
    i18n,
  };
}
