/** A client (relying party) registered at the stand-in, as at a vendor's developer console. */
export interface OidcClient {
  clientId: string;
  clientSecret: string;
  /** Exact redirect URIs, e.g. 'http://127.0.0.1:8790/api/auth/callback/google'. */
  redirectUris: string[];
  /** How the client authenticates at the token endpoint. Default 'client_secret_post' (X uses Basic). */
  tokenEndpointAuthMethod?: 'client_secret_post' | 'client_secret_basic';
}

/** A person who can sign in at the stand-in. */
export interface OidcAccount {
  /** The stable subject (id_token `sub`; the vendor's user id on the OAuth 2 user endpoints). */
  sub: string;
  email?: string;
  /** Default false. */
  email_verified?: boolean;
  name?: string;
  /** GitHub's `login`. */
  login?: string;
  /** Discord's and X's `username` (GitHub's login when `login` is absent). */
  username?: string;
}

/** The error the provider answers on the redirect instead of a code (RFC 6749 §4.1.2.1). */
export interface OidcRedirectError {
  error: string;
  error_description?: string;
}
