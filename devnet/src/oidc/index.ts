export { createHeadlessBrowser, type HeadlessBrowser, type HeadlessPage, type NavigationHop } from './headlessBrowser.js';
export { type OidcProviderFixture, type OidcProviderOptions, startOidcProvider } from './oidcProvider.js';
export type { OidcAccount, OidcClient, OidcRedirectError } from './types.js';
export { type OAuthVendor, VENDOR_USER_PATHS } from './vendorUserEndpoints.js';
