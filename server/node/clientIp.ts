/**
 * The caller's IP address for the rate limits and the audit log: the connection's, or, behind a
 * trusted reverse proxy (TRUST_PROXY=1), the last address of X-Forwarded-For, which that proxy
 * added (earlier ones come from the browser and prove nothing).
 */
export function clientIpOf(remote: string | null | undefined, forwardedFor: string | undefined, trustProxy: boolean): string | null {
  if (trustProxy && forwardedFor) {
    const last = forwardedFor.split(',').map((a) => a.trim()).filter(Boolean).pop();
    if (last) return last;
  }
  return remote ?? null;
}
