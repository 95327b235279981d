/**
 * The headers that carry cookies between the page and the in-page server: browsers drop Cookie and
 * Set-Cookie from scripted requests and responses, plain headers pass.
 */
export const IN_PAGE_COOKIE_HEADERS = { request: 'X-In-Page-Cookie', response: 'X-In-Page-Set-Cookie' } as const;
