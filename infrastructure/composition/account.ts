import type { AccountService } from '../../application/account/AccountService';
import { OwnAccountService } from '../../application/account/OwnAccountService';
import type { ApiClient } from '../../application/api/ApiClient';
import type { LanguageSetting } from '../../application/ports/LanguageSetting';
import type { Navigator } from '../../application/ports/Navigator';
import type { SignIn } from '../../application/ports/SignIn';
import { OwnProfileService } from '../../application/profile/OwnProfileService';
import type { ProfileService } from '../../application/profile/ProfileService';
import type { CurrentUser } from '../../application/session/CurrentUser';
import type { AppState } from '../../application/state/AppState';
import { HttpAccountSecurity } from '../http/account/HttpAccountSecurity';
import { HttpOwnProfile } from '../http/account/HttpOwnProfile';

/**
 * The profile's use-case over its HTTP adapter, built when the profile screen first asks for it
 * (accountModule binds it with lazyPort), so neither it nor contract/account.ts reaches the sign-in
 * page's bundle.
 */
export function profileService(api: ApiClient, currentUser: CurrentUser, language: LanguageSetting, state: AppState): ProfileService {
  return new OwnProfileService(new HttpOwnProfile(api), currentUser, language, state);
}

/** The account's security use-case over its HTTP adapter, built when the first account screen asks for it (lazyPort). */
export function accountService(api: ApiClient, signIn: SignIn, currentUser: CurrentUser, navigator: Navigator): AccountService {
  return new OwnAccountService(new HttpAccountSecurity(api), signIn, currentUser, navigator);
}
