import { isLoopbackHost } from '../../domain/mail/mail';
import type { ServerDeps } from '../http/env';
import type { Db } from '../service/context';
import { MailError } from './mailer';
import { settingsRow } from './repository';

/**
 * The site's address the links in e-mails open at (a password reset, a document's or statement's
 * customer link, an overdue reminder's): APP_URL, else the one an administrator keeps in Settings →
 * E-mail, else the server's own loopback listen address (HOST=127.0.0.1: `npm start` on a laptop,
 * links that reach that machine only). Never an address a request came with: a forged Host or
 * X-Forwarded-Host header cannot put an attacker's host in the company's e-mails. None of the three:
 * no e-mail with a link is sent (the request is refused, a job fails with the reason).
 */

export type SiteAddressSource = 'appUrl' | 'settings' | 'loopback';

export interface SiteAddress {
  /** Scheme and host (and APP_URL's path), no trailing slash. */
  readonly url: string;
  readonly source: SiteAddressSource;
}

export async function siteAddress(deps: { readonly db: Db; readonly config: ServerDeps['config'] }): Promise<SiteAddress | null> {
  if (deps.config.siteUrl) return { url: deps.config.siteUrl.replace(/\/+$/, ''), source: 'appUrl' };
  const kept = (await settingsRow(deps.db)).site_url;
  if (kept) return { url: kept, source: 'settings' };
  const loopback = deps.config.loopbackUrl && URL.canParse(deps.config.loopbackUrl) ? new URL(deps.config.loopbackUrl) : null;
  if (loopback && isLoopbackHost(loopback.hostname)) return { url: loopback.origin, source: 'loopback' };
  return null;
}

/** For a background job: the site's address, or the attempt fails with "no site address" (tried again: it may be set meanwhile). */
export async function linkBase(deps: { readonly db: Db; readonly config: ServerDeps['config'] }): Promise<string> {
  const site = await siteAddress(deps);
  if (!site) throw new MailError('siteUrlNotSet');
  return site.url;
}

/** A path of the site (/d/…, /reset-password/…) as the absolute address an e-mail holds. */
export const linkAt = (base: string, path: string): string => `${base}${path}`;
