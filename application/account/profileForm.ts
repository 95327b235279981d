import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { Language } from '../../domain/i18n/language';
import { invalid, isValid, type Invalid } from '../forms/Invalid';
import type { ApiError } from '../api/ApiError';
import type { Profile, ProfileInput, ProfileService } from '../profile/ProfileService';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the profile form edits. */
export interface ProfileFields {
  readonly name: string;
  readonly email: string;
  readonly language: Language;
}

/** The profile form as it is about to be sent: what was typed, what was saved, and the version it was loaded at. */
export interface ProfileForm {
  readonly fields: ProfileFields;
  readonly saved: ProfileFields;
  readonly version: number;
  /** Typed only when the email changes. */
  readonly currentPassword: string;
}

/** Whether the form differs from what was saved (then it can be saved or discarded). */
export function profileChanged(fields: ProfileFields, saved: ProfileFields): boolean {
  return fields.name !== saved.name || fields.email !== saved.email || fields.language !== saved.language;
}

/** The email is the sign-in name: changing it takes the current password. */
export function emailChanged(fields: ProfileFields, saved: ProfileFields): boolean {
  return fields.email.trim() !== saved.email;
}

/**
 * The profile to save, trimmed, with the current password only when the email changes; or every
 * field found wrong before sending (a name, a valid email, the current password for a new email).
 */
function profileInput(form: ProfileForm): Result<ProfileInput, Invalid> {
  const name = form.fields.name.trim();
  const email = form.fields.email.trim();
  const changed = emailChanged(form.fields, form.saved);
  const problems = invalid({
    name: name === '' ? [{ key: 'profile:required.name' }] : [],
    email: EMAIL.test(email) ? [] : [{ key: email === '' ? 'profile:required.email' : 'profile:invalid.email' }],
    current_password: changed && form.currentPassword === '' ? [{ key: 'profile:required.currentPassword' }] : [],
  });
  if (!isValid(problems)) return err(problems);
  return ok({ name, email, language: form.fields.language, version: form.version, ...(changed ? { currentPassword: form.currentPassword } : {}) });
}

/** Saves the profile once the form passes its checks; nothing is sent otherwise. Resolves to the profile as saved. */
export function saveProfile(profiles: ProfileService, form: ProfileForm): ResultAsync<Profile, ApiError | Invalid> {
  return profileInput(form).asyncAndThen((input) => profiles.save(input));
}
