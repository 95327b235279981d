/**
 * The cookies a browser would keep for the in-page server: set from Set-Cookie replies, sent back
 * on every request, kept in the tab's sessionStorage so a reload keeps the session.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null,
    private readonly key = 'backoffice.demo.cookies',
  ) {
    try {
      const saved = storage?.getItem(key);
      if (saved) for (const [name, value] of Object.entries(JSON.parse(saved) as Record<string, string>)) this.cookies.set(name, value);
    } catch {
      // A damaged jar is an empty one.
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Applies Set-Cookie lines: a value, or removal by Max-Age=0 / an expiry in the past. */
  store(setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now()));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(separator + 1).trim());
    }
    try {
      this.storage?.setItem(this.key, JSON.stringify(Object.fromEntries(this.cookies)));
    } catch {
      // Storage unavailable: the jar lasts until reload.
    }
  }
}
