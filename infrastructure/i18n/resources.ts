import type { Resource } from 'i18next';
import { LANGUAGES } from '../../domain/i18n/language';

/**
 * Every browser-side message file, locales/{language}/{namespace}.json, bundled (both languages are
 * small). locales/{language}/server.json holds the server's replies and is not bundled.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>(['../../locales/*/*.json', '!../../locales/*/server.json'], {
  eager: true,
});

export function loadResources(): Resource {
  const resources: Resource = {};
  for (const [file, module] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, language = '', namespace = ''] = match;
    if (!(LANGUAGES as readonly string[]).includes(language)) continue;
    (resources[language] ??= {})[namespace] = module.default;
  }
  return resources;
}

export const NAMESPACES = ['common', 'auth', 'menu', 'routes', 'errors', 'calendar', 'profile', 'settings', 'account', 'clients', 'admin', 'showcase', 'products', 'sales', 'reports'] as const;
