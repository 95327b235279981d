import type { ResultAsync } from 'neverthrow';
import type { User } from '../../domain/auth/user';
import type { ApiError } from '../api/ApiError';
import { token } from '../di/token';
import type { Profile, ProfileInput } from '../profile/ProfileService';

/** The signed-in user's own profile as the profile use-case needs it: save it, and its photo. */
export interface OwnProfile {
  /** The profile as saved, and the signed-in user as they now are. */
  save(input: ProfileInput): ResultAsync<{ readonly profile: Profile; readonly user: User }, ApiError>;
  uploadPhoto(file: Blob): ResultAsync<Profile, ApiError>;
  removePhoto(): ResultAsync<Profile, ApiError>;
}

export const OwnProfile = token<OwnProfile>('OwnProfile');
