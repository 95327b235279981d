import type { ApiClient } from '../../application/api/ApiClient';
import type { NavigationService } from '../../application/navigation/NavigationService';
import { PasswordResets } from '../../application/passwordReset/PasswordResets';
import type { PasswordResetDesk } from '../../application/passwordReset/PasswordResetDesk';
import type { Navigator } from '../../application/ports/Navigator';
import type { SignIn } from '../../application/ports/SignIn';
import type { CurrentUser } from '../../application/session/CurrentUser';
import type { AppState } from '../../application/state/AppState';
import { HttpAccountSecurity } from '../http/account/HttpAccountSecurity';
import { HttpPasswordRecovery } from '../http/account/HttpPasswordRecovery';

/** Password reset's use-cases over their HTTP adapters, built when the first of its screens asks (lazyPort). */
export function passwordResetDesk(api: ApiClient, signIn: SignIn, currentUser: CurrentUser, navigator: Navigator, navigation: NavigationService, state: AppState): PasswordResetDesk {
  return new PasswordResets(new HttpPasswordRecovery(api), new HttpAccountSecurity(api), signIn, currentUser, navigator, navigation, state);
}
