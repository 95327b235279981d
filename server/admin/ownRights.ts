import { keepSignedInAfterOwnChange } from '../auth/sessions';
import type { AppContext } from '../http/env';

/**
 * The reply of an edit (of a user or a role) that may have changed the caller's own rights: then this
 * browser stays signed in with the new rights (its other browsers are signed out) and the reply
 * carries the signed-in user as they are now.
 */
export async function withOwnRights<R extends object>(c: AppContext, reply: R, ownRightsChanged: boolean) {
  return ownRightsChanged ? { ...reply, currentUser: await keepSignedInAfterOwnChange(c) } : reply;
}
