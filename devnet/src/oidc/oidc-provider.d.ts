// The part of oidc-provider@8 (which ships no types) the local stand-in uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface OidcGrant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }

  interface OidcInteraction {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id?: string; scope?: string; claims?: string };
    session?: { accountId?: string };
    grantId?: string;
  }

  interface OidcAccessToken {
    accountId: string;
    clientId: string;
    scope?: string;
    isExpired: boolean;
  }

  class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<OidcInteraction>;
    interactionFinished(request: IncomingMessage, response: ServerResponse, result: Record<string, unknown>): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    Grant: new (properties: {
      accountId: string;
      clientId: string;
    }) => OidcGrant;
    AccessToken: { find(value: string): Promise<OidcAccessToken | undefined> };
  }

  export default Provider;
}
