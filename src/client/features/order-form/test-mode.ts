// The form opened from the owner's checklist as "/?test=1" (docs/settings.md, "A test order"):
// the order is sent with ?test=1, which the server accepts from signed-in staff only.
export const isTestOrder = (): boolean =>
  typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('test') === '1';

/** The submit URL, with the test flag when the form is in test mode. */
export const submitUrlOf = (url: string): string =>
  isTestOrder() ? `${url}${url.includes('?') ? '&' : '?'}test=1` : url;
