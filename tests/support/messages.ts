import type { Resource } from 'i18next';

/** Every message of both languages at once, so component tests render without waiting for chunks. */
const files = import.meta.glob<{ default: Record<string, unknown> }>(['../../locales/*/*.json', '!../../locales/*/server.json'], { eager: true });

export function allMessages(): Resource {
  const resources: Resource = {};
  for (const [file, module] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (match) (resources[match[1]!] ??= {})[match[2]!] = module.default;
  }
  return resources;
}
