/**
 * The wire of the signed-in user's own account: who is signed in (sign-in, two-factor challenge,
 * /api/user, a profile save), the profile, two-factor, recovery codes, browser sessions and API
 * tokens. The user's schema is on the sign-in path (/login has a 150 KB budget): it stays small.
 */
import * as z from 'zod/mini';
import { isPermission, type Permission } from '../domain/auth/permissions';
import { TOKEN_ABILITIES } from '../domain/auth/tokenAbilities';
import type { User as DomainUser } from '../domain/auth/user';
import { Id, Language, Timestamp, Version } from './common';

/** A role's permissions; names the browser does not know are dropped rather than trusted. */
const Permissions = z.pipe(
  z.array(z.string()),
  z.transform((names): Permission[] => names.filter(isPermission)),
);

/** The signed-in user as the server returns it and the browser holds it (domain/auth/user.ts). */
export const User = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  language: Language,
  isAdmin: z.boolean(),
  role: z.nullable(z.object({ id: Id, name: z.string(), permissions: Permissions })),
  branchId: z.nullable(Id),
  companyId: z.nullable(Id),
  mustSetUpTwoFactor: z.optional(z.boolean()),
  mustChangePassword: z.optional(z.boolean()),
});
// The wire and the domain cannot drift: what the schema makes is a domain User.
export type User = z.output<typeof User> & DomainUser;
const userMatchesDomain: (u: z.output<typeof User>) => DomainUser = (u) => u;
void userMatchesDomain;

/** GET /api/user, a sign-in once complete, PUT /api/user/language. */
export const SignedIn = z.object({ user: User });

/** POST /api/login: signed in, or a two-factor code is still needed. */
export const LoginReply = z.union([SignedIn, z.object({ two_factor: z.literal(true) })]);

/** A reply that is only the server's message, for the user to read. */
export const Message = z.object({ message: z.string() });

/** POST /api/register: the server's message (the account waits for an administrator). */
export const Registered = Message;

export const TwoFactorStatus = z.enum(['off', 'pending', 'on']);
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** GET /api/user/two-factor-authentication. */
export const TwoFactorState = z.object({ status: TwoFactorStatus });

/** The signed-in user's own profile (GET /api/user/profile). */
export const Profile = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  language: Language,
  version: Version,
  isAdmin: z.boolean(),
  twoFactor: TwoFactorStatus,
  photoUrl: z.nullable(z.string()),
  role: z.nullable(z.string()),
  branch: z.nullable(z.object({ nameEn: z.string(), nameZh: z.string() })),
});
export type Profile = z.infer<typeof Profile>;

/** GET /api/user/profile, and the photo's PUT and DELETE. */
export const ProfileReply = z.object({ profile: Profile });

/** PUT /api/user/profile: the profile and the user as they now are. */
export const ProfileSaved = z.object({ profile: Profile, user: User });

/** POST /api/user/two-factor-authentication: the new secret, not yet in force. */
export const TwoFactorEnrolment = z.object({ status: z.literal('pending'), secret: z.string(), otpauthUri: z.string(), qrSvg: z.string() });
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolment>;

/** Two-factor confirmed (with the recovery codes) or turned off. */
export const TwoFactorConfirmed = z.object({ status: z.literal('on'), recoveryCodes: z.array(z.string()) });
export const TwoFactorOff = z.object({ status: z.literal('off') });

export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });

export const BrowserSession = z.object({
  id: z.string(),
  ip: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  lastActivityAt: Timestamp,
  current: z.boolean(),
});
export type BrowserSession = z.infer<typeof BrowserSession>;

/** GET /api/user/sessions. */
export const BrowserSessions = z.object({ sessions: z.array(BrowserSession) });

/** DELETE /api/user/other-sessions: how many other browsers were signed out. */
export const OtherSessionsEnded = z.object({ ended: z.number().check(z.int(), z.nonnegative()) });

export const ApiToken = z.object({
  id: Id,
  name: z.string(),
  abilities: z.array(z.enum(TOKEN_ABILITIES)),
  lastUsedAt: z.nullable(Timestamp),
  createdAt: Timestamp,
});
export type ApiToken = z.infer<typeof ApiToken>;

/** GET /api/user/api-tokens. */
export const ApiTokens = z.object({ tokens: z.array(ApiToken), availableAbilities: z.array(z.enum(TOKEN_ABILITIES)) });
export type ApiTokens = z.infer<typeof ApiTokens>;

/** POST /api/user/api-tokens: the token, and its plain text, shown this once. */
export const ApiTokenCreated = z.object({ token: ApiToken, plainTextToken: z.string() });
export type ApiTokenCreated = z.infer<typeof ApiTokenCreated>;
