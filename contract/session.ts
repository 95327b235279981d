/** The wire of the session: the heartbeat (spec §4). See contract/common.ts for how contract/ works. */
import * as z from 'zod/mini';

/**
 * GET /api/heartbeat: whether the caller is signed in; `session_expired` when its session ran out,
 * `two_factor_setup_required` when two-factor became compulsory for it since it signed in.
 */
export const HeartbeatReply = z.object({
  auth: z.boolean(),
  session_expired: z.optional(z.literal(true)),
  two_factor_setup_required: z.optional(z.literal(true)),
});
export type HeartbeatReply = z.infer<typeof HeartbeatReply>;
