import { ResultAsync, errAsync, okAsync } from 'neverthrow';
import { checkUploadSize } from '../../domain/files/upload';
import { isLanguage, type Language } from '../../domain/i18n/language';
import type { ApiClient } from '../api/ApiClient';
import type { ApiError } from '../api/ApiError';
import type { LanguageSetting } from '../ports/LanguageSetting';
import type { CurrentUser } from '../session/CurrentUser';
import { decodeUser } from '../session/decodeUser';
import type { AppState } from '../state/AppState';

/** The signed-in user's own profile, as /api/user/profile returns it. */
export interface Profile {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly language: Language;
  readonly version: number;
  readonly isAdmin: boolean;
  readonly role: string | null;
  readonly branch: { readonly nameEn: string; readonly nameZh: string } | null;
  readonly twoFactor: 'off' | 'pending' | 'on';
  readonly photoUrl: string | null;
}

export interface ProfileInput {
  readonly name: string;
  readonly email: string;
  readonly language: Language;
  /** The version the form was loaded with: a stale one is refused (409) and nothing is lost. */
  readonly version: number;
  /** Needed when the email (the sign-in name) changes. */
  readonly currentPassword?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function decodeProfile(value: unknown): Profile | null {
  if (!isRecord(value)) return null;
  const { id, name, email, language, version, isAdmin, role, branch, twoFactor } = value;
  if (typeof id !== 'number' || typeof name !== 'string' || typeof email !== 'string' || !isLanguage(language) || typeof version !== 'number') return null;
  return {
    id,
    name,
    email,
    language,
    version,
    isAdmin: isAdmin === true,
    role: typeof role === 'string' ? role : null,
    branch: isRecord(branch) && typeof branch.nameEn === 'string' && typeof branch.nameZh === 'string' ? { nameEn: branch.nameEn, nameZh: branch.nameZh } : null,
    twoFactor: twoFactor === 'on' || twoFactor === 'pending' ? twoFactor : 'off',
    photoUrl: typeof value.photoUrl === 'string' ? value.photoUrl : null,
  };
}

function profileFromReply(body: unknown): ResultAsync<Profile, ApiError> {
  const profile = isRecord(body) ? decodeProfile(body.profile) : null;
  return profile ? okAsync(profile) : errAsync({ code: 'server', status: 200, message: '' });
}

/** Notification title (a message key) shown after a save. */
export const PROFILE_SAVED = 'notification.profileSaved';

/** Saving the profile: the held user follows, and a new language applies at once. */
export class ProfileService {
  constructor(
    private readonly api: ApiClient,
    private readonly currentUser: CurrentUser,
    private readonly language: LanguageSetting,
    private readonly state: AppState,
  ) {}

  /**
   * Uploads a new profile photo. Over 5 MB is refused here already, with the same error the server
   * gives (tooLarge), so nothing is sent.
   */
  uploadPhoto(file: Blob): ResultAsync<Profile, ApiError> {
    if (checkUploadSize(file.size).isErr()) return errAsync({ code: 'tooLarge', message: '' });
    return this.api.put('/api/user/profile-photo', file).andThen(profileFromReply);
  }

  removePhoto(): ResultAsync<Profile, ApiError> {
    return this.api.delete('/api/user/profile-photo').andThen(profileFromReply);
  }

  save(input: ProfileInput): ResultAsync<Profile, ApiError> {
    return this.api
      .put('/api/user/profile', {
        name: input.name,
        email: input.email,
        language: input.language,
        version: input.version,
        ...(input.currentPassword !== undefined ? { current_password: input.currentPassword } : {}),
      })
      .andThen((body) => {
        const profile = isRecord(body) ? decodeProfile(body.profile) : null;
        const user = isRecord(body) ? decodeUser(body.user) : null;
        return profile && user ? okAsync({ profile, user }) : errAsync<never, ApiError>({ code: 'server', status: 200, message: '' });
      })
      .andThen(({ profile, user }) => {
        this.currentUser.set(user);
        this.state.set({ notification: { title: PROFILE_SAVED, type: 'success' } });
        return ResultAsync.fromSafePromise(this.language.change(profile.language)).map(() => profile);
      });
  }
}
