import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';

export interface FarcasterSignerOptions {
  /** The relay the connect URLs belong to, e.g. `startFarcasterRelay().url`. */
  relayUrl: string;
  fid: number;
  /** Default `fid<fid>`; the relay accepts lower-case letters, digits and '-' (1–16), optionally '.eth'. */
  username?: string;
  /** The fid's custody key: the account the Id Registry names for `fid`. */
  custodyPrivateKey: Hex;
  /** Sent as `X-Farcaster-Auth-Relay-Key` (the relay's `authKey`). */
  authKey?: string;
  displayName?: string;
  bio?: string;
  pfpUrl?: string;
}

/** What the app sees of a pending request: the channel's `signatureParams`. */
export interface FarcasterSignInRequest {
  channelToken: string;
  domain: string;
  siweUri: string;
  nonce: string;
  notBefore?: string;
  expirationTime?: string;
  requestId?: string;
}

export interface FarcasterApproveOptions {
  /** Sign with this key instead of the custody key (a signer that does not own the fid). */
  signWith?: Hex;
  /** Put other values in the message than the request's (a message made for another site, a stale nonce…). */
  override?: Partial<{ domain: string; nonce: string; uri: string; fid: number; expirationTime: Date }>;
}

/** The Farcaster app's side of Sign In With Farcaster, with a real custody key. */
export interface FarcasterSigner {
  readonly fid: number;
  /** The custody address (from `custodyPrivateKey`). */
  readonly address: Address;
  /** Reads the request behind a connect URL from the relay (what the app shows before the visitor approves). */
  readRequest(connectUrl: string): Promise<FarcasterSignInRequest>;
  /**
   * Approves: builds the Sign In With Farcaster message (EIP-4361, statement 'Farcaster Auth', chain 10, resource
   * `farcaster://fid/<fid>`, the request's domain, uri and nonce), signs it (EIP-191) and posts it to the relay's
   * authenticate route. Declining is not telling the relay anything: the request then expires.
   */
  approve(connectUrl: string, options?: FarcasterApproveOptions): Promise<{ message: string; signature: Hex }>;
}

export class FarcasterSignerError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FarcasterSignerError';
  }
}

function tokenOf(connectUrl: string): string {
  let token: string | null = null;
  try {
    token = new URL(connectUrl).searchParams.get('channelToken');
  } catch {
    // reported below
  }
  if (!token) throw new FarcasterSignerError(`not a Sign In With Farcaster connect URL (no channelToken): ${connectUrl}`);
  return token;
}

export function createFarcasterSigner(options: FarcasterSignerOptions): FarcasterSigner {
  const custody = privateKeyToAccount(options.custodyPrivateKey);
  const relay = options.relayUrl.replace(/\/+$/, '');

  async function call(path: string, token: string, body?: unknown) {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    if (options.authKey !== undefined) headers['x-farcaster-auth-relay-key'] = options.authKey;
    const response = await fetch(`${relay}/v1/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // not JSON: callers report `text`
    }
    return { status: response.status, text, json };
  }

  async function readRequest(connectUrl: string): Promise<FarcasterSignInRequest> {
    const channelToken = tokenOf(connectUrl);
    const answer = await call('channel/status', channelToken);
    if (answer.status !== 202)
      throw new FarcasterSignerError(
        `the relay has no pending request for this URL (HTTP ${answer.status}: ${answer.text})`,
        answer.status,
      );
    const params = answer.json.signatureParams as Omit<FarcasterSignInRequest, 'channelToken'>;
    return { channelToken, ...params };
  }

  return {
    fid: options.fid,
    address: custody.address,
    readRequest,
    async approve(connectUrl, approveOptions = {}) {
      const request = await readRequest(connectUrl);
      const signer = approveOptions.signWith ? privateKeyToAccount(approveOptions.signWith) : custody;
      const override = approveOptions.override ?? {};
      const expirationTime = override.expirationTime ?? (request.expirationTime ? new Date(request.expirationTime) : undefined);
      const message = createSiweMessage({
        domain: override.domain ?? request.domain,
        address: signer.address,
        statement: 'Farcaster Auth',
        uri: override.uri ?? request.siweUri,
        version: '1',
        chainId: 10,
        nonce: override.nonce ?? request.nonce,
        issuedAt: new Date(),
        ...(expirationTime ? { expirationTime } : {}),
        ...(request.notBefore ? { notBefore: new Date(request.notBefore) } : {}),
        ...(request.requestId ? { requestId: request.requestId } : {}),
        resources: [`farcaster://fid/${override.fid ?? options.fid}`],
      });
      const signature = await signer.signMessage({ message });
      const answer = await call('channel/authenticate', request.channelToken, {
        message,
        signature,
        fid: options.fid,
        username: options.username ?? `fid${options.fid}`,
        ...(options.displayName !== undefined ? { displayName: options.displayName } : {}),
        ...(options.bio !== undefined ? { bio: options.bio } : {}),
        ...(options.pfpUrl !== undefined ? { pfpUrl: options.pfpUrl } : {}),
      });
      if (answer.status !== 201)
        throw new FarcasterSignerError(`the relay refused the approval (HTTP ${answer.status}: ${answer.text})`, answer.status);
      return { message, signature };
    },
  };
}
