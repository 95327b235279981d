import type { ResultAsync } from 'neverthrow';
import type { Language } from '../../domain/i18n/language';
import type { ApiError } from '../api/ApiError';

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

/** The profile screen's data. */
export interface ProfileScreenData {
  readonly profile: Profile;
}

declare module '../navigation/screenData' {
  interface ScreenDataTypes {
    profile: ProfileScreenData;
  }
}

/**
 * Saving the profile (the held user follows, and a new language applies at once) and its photo. The
 * class is the screens' key (`useService(ProfileService)`); its implementation, OwnProfileService,
 * and the HTTP adapter load with the profile screen, not with the sign-in page.
 */
export abstract class ProfileService {
  /** Uploads a new profile photo; over 5 MB is refused here already (tooLarge), so nothing is sent. */
  abstract uploadPhoto(file: Blob): ResultAsync<Profile, ApiError>;
  abstract removePhoto(): ResultAsync<Profile, ApiError>;
  abstract save(input: ProfileInput): ResultAsync<Profile, ApiError>;
}
