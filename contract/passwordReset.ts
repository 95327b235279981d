/**
 * The wire of password reset (issue 21 item 8): what "Forgot password?", the reset link's page and an
 * administrator's temporary password send. The replies are contract/account.ts's Message (the
 * server's words) and contract/users.ts's UserSaved. Imported only by the lazily loaded adapter
 * (infrastructure/http/account/HttpPasswordRecovery.ts), never by the sign-in page's first download.
 */
import * as z from 'zod/mini';

/** POST /api/forgot-password (public): the same reply whether or not the address has an account. */
export const ForgotPasswordRequest = z.object({ email: z.string() });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

/** A new password typed twice, as the server's password rules read it. */
const newPassword = { password: z.string(), password_confirmation: z.string() };

/** POST /api/reset-password (public): the token of the e-mailed link and the new password. */
export const ResetPasswordRequest = z.object({ token: z.string(), ...newPassword });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** POST /api/users/:id/temporary-password (user_edit): a password its user must change at the next sign-in. */
export const TemporaryPasswordRequest = z.object(newPassword);
export type TemporaryPasswordRequest = z.infer<typeof TemporaryPasswordRequest>;
