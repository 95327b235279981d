import { errAsync, ResultAsync } from 'neverthrow';
import { checkUploadSize } from '../../domain/files/upload';
import type { ApiError } from '../api/ApiError';
import type { LanguageSetting } from '../ports/LanguageSetting';
import type { OwnProfile } from '../ports/OwnProfile';
import type { CurrentUser } from '../session/CurrentUser';
import type { AppState } from '../state/AppState';
import { ProfileService, type Profile, type ProfileInput } from './ProfileService';

/** Notification title (a message key) shown after a save. */
export const PROFILE_SAVED = 'notification.profileSaved';

/** ProfileService over the OwnProfile port. */
export class OwnProfileService extends ProfileService {
  constructor(
    private readonly profiles: OwnProfile,
    private readonly currentUser: CurrentUser,
    private readonly language: LanguageSetting,
    private readonly state: AppState,
  ) {
    super();
  }

  uploadPhoto(file: Blob): ResultAsync<Profile, ApiError> {
    if (checkUploadSize(file.size).isErr()) return errAsync({ code: 'tooLarge', message: '' });
    return this.profiles.uploadPhoto(file);
  }

  removePhoto(): ResultAsync<Profile, ApiError> {
    return this.profiles.removePhoto();
  }

  save(input: ProfileInput): ResultAsync<Profile, ApiError> {
    return this.profiles.save(input).andThen(({ profile, user }) => {
      this.currentUser.set(user);
      this.state.set({ notification: { title: PROFILE_SAVED, type: 'success' } });
      return ResultAsync.fromSafePromise(this.language.change(profile.language)).map(() => profile);
    });
  }
}
