/**
 * The clients and attachments area (./area.ts): one chunk, imported at this one place by the
 * composition root and SCREEN_DECODERS, so it reaches the browser with the first screen that needs it.
 */
export const loadClientArea = () => import('./area');
