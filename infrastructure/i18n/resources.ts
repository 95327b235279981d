import type { BackendModule, Resource } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../domain/i18n/language';

type Messages = Record<string, unknown>;

/** What the frame of every screen reads (menu, titles, errors, sign-in): asked for at start. */
export const CORE_NAMESPACES = ['common', 'auth', 'menu', 'routes', 'errors'] as const;

/**
 * The core files that travel in the entry, for the first paint of any page (sign-in included). The
 * menu is only drawn once signed in: it is fetched at start beside the entry (CORE_NAMESPACES), and
 * the signed-in frame waits for it (AppLayout), which keeps it out of the sign-in page's budget.
 */
const ENTRY_NAMESPACES = ['common', 'auth', 'routes', 'errors'] as const;

/** Every browser-side namespace: locales/{language}/{namespace}.json (server.json is the server's own). */
export const NAMESPACES = ['common', 'auth', 'menu', 'routes', 'errors', 'calendar', 'profile', 'settings', 'account', 'clients', 'admin', 'showcase', 'products', 'sales', 'reports', 'customer', 'documents', 'mail', 'passwordReset', 'reminders', 'field', 'statements'] as const;

/**
 * The default language's core messages travel in the entry; every other file (a screen's own
 * namespace, the other language) is a small chunk fetched when first needed, so no route downloads
 * the words of all the others.
 */
const bundled = import.meta.glob<{ default: Messages }>(['../../locales/zh-HK/{common,auth,routes,errors}.json'], { eager: true });
const lazy = import.meta.glob<{ default: Messages }>(['../../locales/*/*.json', '!../../locales/*/server.json']);

const pathOf = (language: string, namespace: string) => `../../locales/${language}/${namespace}.json`;

export function bundledResources(): Resource {
  const resources: Resource = {};
  for (const namespace of ENTRY_NAMESPACES) {
    const file = bundled[pathOf(DEFAULT_LANGUAGE, namespace)];
    if (file) (resources[DEFAULT_LANGUAGE] ??= {})[namespace] = file.default;
  }
  return resources;
}

/** One message file, fetched on demand. */
export async function loadMessages(language: string, namespace: string): Promise<Messages> {
  if (!(LANGUAGES as readonly string[]).includes(language)) throw new Error(`Unknown language ${language}`);
  const load = lazy[pathOf(language, namespace)];
  if (!load) throw new Error(`No messages for ${language}/${namespace}`);
  return (await load()).default;
}

/** An i18next back end over loadMessages. */
export const lazyMessagesBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadMessages(language, namespace).then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
