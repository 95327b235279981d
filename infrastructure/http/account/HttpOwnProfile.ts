import type { ResultAsync } from 'neverthrow';
import type { User } from '../../../domain/auth/user';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { OwnProfile } from '../../../application/ports/OwnProfile';
import type { Profile, ProfileInput } from '../../../application/profile/ProfileService';
import { ProfileReply, ProfileSaved } from '../../../contract/account';
import { decoderOf } from '../wire';

/** The signed-in user's profile over /api/user/profile…, decoded with contract/account.ts (loaded with the profile screen). */
export class HttpOwnProfile implements OwnProfile {
  constructor(private readonly api: ApiClient) {}

  save(input: ProfileInput): ResultAsync<{ readonly profile: Profile; readonly user: User }, ApiError> {
    const body = {
      name: input.name,
      email: input.email,
      language: input.language,
      version: input.version,
      ...(input.currentPassword !== undefined ? { current_password: input.currentPassword } : {}),
    };
    return this.api.call({ method: 'PUT', path: '/api/user/profile', body }, decoderOf(ProfileSaved));
  }

  uploadPhoto(file: Blob): ResultAsync<Profile, ApiError> {
    return this.api.call({ method: 'PUT', path: '/api/user/profile-photo', body: file }, decoderOf(ProfileReply)).map((reply) => reply.profile);
  }

  removePhoto(): ResultAsync<Profile, ApiError> {
    return this.api.call({ method: 'DELETE', path: '/api/user/profile-photo' }, decoderOf(ProfileReply)).map((reply) => reply.profile);
  }
}
