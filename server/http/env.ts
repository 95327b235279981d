import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Language } from '../../domain/i18n/language';
import type { TokenAbility } from '../../domain/auth/tokenAbilities';
import type { User } from '../../domain/auth/user';
import type { Encrypter } from '../auth/encryption';
import type { PasswordHasher } from '../auth/password-hasher';
import type { Database, SessionRow } from '../db/schema';
import type { FontSource } from '../documents/fonts';
import type { FileStorage } from '../storage/FileStorage';
import type { JobSignal } from '../jobs/signal';
import type { Mailer } from '../mail/mailer';

export interface ServerConfig {
  /** A session unused for this long is expired (the heartbeat does not count as use). */
  readonly idleTimeoutMs: number;
  /** A session older than this is expired whatever its use. */
  readonly absoluteTimeoutMs: number;
  /** How long a right password waits for its two-factor code. */
  readonly challengeTimeoutMs: number;
  /** Attempts in a minute: passwords per email and IP, two-factor codes per user, password confirmations per user. */
  readonly attemptsPerMinute: number;
  /** Failed sign-in passwords from one IP address, whatever the emails, in `loginFailureWindowMs` (password spraying). */
  readonly loginFailuresPerAddress: number;
  /**
   * Failed sign-in passwords for one email from browsers that have not signed in to it before,
   * whatever the addresses, before such browsers are slowed (a pause between attempts); forgotten
   * after `loginFailureWindowMs` without one. Also what one device cookie may fail in a window.
   */
  readonly loginFailuresPerAccount: number;
  readonly loginFailureWindowMs: number;
  /** The longest pause unknown browsers wait between attempts on an account past its allowance. */
  readonly loginPauseMaxMs: number;
  /**
   * Behind a reverse proxy that ends HTTPS (TRUST_PROXY=1): its X-Forwarded-Proto says whether the
   * browser used HTTPS, so the cookies are marked Secure. Off, the header is ignored.
   */
  readonly trustProxy: boolean;
  /**
   * The site's address as customers reach it (APP_URL, e.g. https://office.example.hk), for the
   * links that e-mails carry. Unset: the one kept in Settings → E-mail, else `loopbackUrl`, else
   * no e-mail with a link is sent. Never the address a request came to (its Host header).
   */
  readonly siteUrl?: string;
  /**
   * The address this server listens on when that is a loopback one (HOST=127.0.0.1 and PORT: `npm
   * start` on a laptop), the last resort for e-mailed links: they then open on this machine only.
   */
  readonly loopbackUrl?: string;
}

export const DEFAULT_SERVER_CONFIG: ServerConfig = {
  idleTimeoutMs: 2 * 60 * 60 * 1000,
  absoluteTimeoutMs: 12 * 60 * 60 * 1000,
  challengeTimeoutMs: 5 * 60 * 1000,
  attemptsPerMinute: 5,
  loginFailuresPerAddress: 30,
  loginFailuresPerAccount: 10,
  loginFailureWindowMs: 15 * 60 * 1000,
  loginPauseMaxMs: 5 * 60 * 1000,
  trustProxy: false,
};

/**
 * Which headers carry cookies. Over HTTP they are Cookie and Set-Cookie; when the app runs inside the
 * page (the fake backend) browsers drop those two headers from scripted requests and responses, so
 * the in-page host names two plain headers instead.
 */
export interface CookieHeaders {
  readonly request: string;
  readonly response: string;
}

/** What the app core needs from its host: everything Node-only (or browser-only) arrives through here. */
export interface ServerDeps {
  readonly db: Kysely<Database>;
  readonly passwords: PasswordHasher;
  /** Seals secrets the server must read back (two-factor secrets, recovery codes). */
  readonly encrypter: Encrypter;
  /** Uploaded files (profile photos, attachments). */
  readonly files: FileStorage;
  /** The fonts PDFs are written in; absent where the host makes no PDF (the in-page demo). */
  readonly fonts?: FontSource;
  readonly now: () => Date;
  readonly config: ServerConfig;
  /** The headers that carry cookies, when not Cookie/Set-Cookie (the in-page backend). */
  readonly cookieHeaders?: CookieHeaders;
  /** The caller's IP address as the host sees it, or null where there is none (in-browser backend). */
  readonly clientIp: (c: Context) => string | null;
  /** Wakes this instance's job runner when a job is queued (none: the runner finds it at its next poll). */
  readonly jobs?: JobSignal;
  /** Sends e-mail through SMTP (Node: nodemailer); none where no e-mail can be sent (the in-page demo). */
  readonly mailer?: Mailer;
}

export type SessionState =
  | { readonly kind: 'none' }
  | { readonly kind: 'expired'; readonly row: SessionRow }
  | { readonly kind: 'guest-expired'; readonly row: SessionRow }
  | { readonly kind: 'active'; readonly row: SessionRow };

/** How the caller proved who they are. */
export type AuthState =
  | { readonly kind: 'none' }
  | { readonly kind: 'session' }
  | { readonly kind: 'token'; readonly tokenId: number; readonly abilities: readonly TokenAbility[] };

export interface AppEnv {
  Variables: {
    deps: ServerDeps;
    language: Language;
    session: SessionState;
    user: User | null;
    auth: AuthState;
    /**
     * Set by a handler whose JSON reply is too large to check against its contract on the
     * server's thread without keeping everyone else waiting (a report's whole result, streamed).
     */
    replyUnchecked?: true;
  };
}

export type AppContext = Context<AppEnv>;
