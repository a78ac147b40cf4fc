import { parseSiwxMessage } from '../message/parseSiwxMessage.js';
import { SiwxMessageError } from '../message/SiwxMessageError.js';
import type { SiwxMessage } from '../message/types.js';
import type { SiwxSession } from '../session.js';
import { createEip155Verifier } from './eip155Verifier.js';
import { createMemoryNonceStore, type SiwxNonceStore } from './nonceStore.js';
import { createSolanaVerifier } from './solanaVerifier.js';
import { SiwxVerificationError } from './SiwxVerificationError.js';
import type { SiwxVerifier } from './verifier.js';
import { invalidOption } from '@latch/kernel';

export interface SiwxServerOptions {
  /** The domains (host[:port]) a message may name: your app's own. */
  domains: readonly string[];
  /**
   * The origins (`https://app.example.com`) a message's URI and its scheme (`http://host wants you…`)
   * may be on. Default: each domain over https, and over http too for localhost, 127.0.0.1 and [::1].
   */
  origins?: readonly string[];
  /** CAIP-2 ids you accept sign-ins on; default: any network a verifier handles. */
  networks?: readonly string[];
  /** eip155 RPC URLs per CAIP-2 id, to verify smart-account signatures (ERC-1271, ERC-6492) on that chain. */
  rpcUrls?: Readonly<Record<string, string>>;
  /** Your own verifiers; one for a namespace replaces the built-in (eip155, solana). */
  verifiers?: readonly SiwxVerifier[];
  /** How long an issued nonce may wait for its one use. Default 5 minutes. */
  nonceTtlMs?: number;
  /** The longest a session lasts; a message's Expiration Time ends it sooner. Default 24 hours. */
  sessionTtlMs?: number;
  /** How far in the future a message's Issued At may be (clocks drift). Default 1 minute. */
  clockSkewMs?: number;
  /** Where nonces wait. Default: this process's memory (createMemoryNonceStore); several instances need a shared one. */
  nonceStore?: SiwxNonceStore;
  /** The clock, in milliseconds since 1970. Default `Date.now`. */
  now?: () => number;
}

export interface SiwxServer {
  /** A fresh single-use nonce for the next message. */
  createNonce(): Promise<{ nonce: string; expiresAt: string }>;
  /** Checks a signed message; resolves the session or rejects with a SiwxVerificationError. */
  verify(request: { message: string; signature: string }): Promise<SiwxSession>;
}

const MINUTE = 60_000;
const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** The origins a message may come from: those given, else each domain over https (and http on this machine). */
function allowedOrigins(domains: readonly string[], origins: readonly string[] | undefined): Set<string> {
  const list =
    origins ?? domains.flatMap((domain) => (LOOPBACK.test(domain) ? [`https://${domain}`, `http://${domain}`] : [`https://${domain}`]));
  return new Set(
    list.map((origin) => {
      const parsed = URL.canParse(origin) ? new URL(origin).origin : 'null';
      if (parsed === 'null')
        throw invalidOption(`createSiwxServer: \`origins\` takes origins such as https://app.example.com (got ${JSON.stringify(origin)})`);
      return parsed;
    }),
  );
}

const originOf = (uri: string) => (URL.canParse(uri) ? new URL(uri).origin : 'null');

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Issues nonces and verifies sign-in messages (domain, URI, network, times, nonce, signature). */
export function createSiwxServer(options: SiwxServerOptions): SiwxServer {
  if (!Array.isArray(options.domains) || options.domains.length === 0)
    throw invalidOption('createSiwxServer needs `domains`: the host[:port] of your app');
  const now = options.now ?? Date.now;
  const nonceTtlMs = options.nonceTtlMs ?? 5 * MINUTE;
  const sessionTtlMs = options.sessionTtlMs ?? 24 * 60 * MINUTE;
  const clockSkewMs = options.clockSkewMs ?? MINUTE;
  const origins = allowedOrigins(options.domains, options.origins);
  const nonces = options.nonceStore ?? createMemoryNonceStore({ now });
  const verifiers = new Map<string, SiwxVerifier>();
  for (const verifier of [createEip155Verifier({ rpcUrls: options.rpcUrls }), createSolanaVerifier(), ...(options.verifiers ?? [])]) {
    verifiers.set(verifier.namespace, verifier);
  }

  /** The message's domain is ours, and so are its scheme (when written) and its URI's origin. */
  function checkOrigin(data: SiwxMessage): void {
    const asked = data.scheme === undefined ? data.domain : `${data.scheme}://${data.domain}`;
    if (!options.domains.includes(data.domain) || (data.scheme !== undefined && !origins.has(originOf(asked)))) {
      throw new SiwxVerificationError('DOMAIN_MISMATCH', `The message is for ${asked}; this server signs in ${options.domains.join(', ')}`);
    }
    if (!origins.has(originOf(data.uri))) {
      throw new SiwxVerificationError('URI_MISMATCH', `The message's URI ${data.uri} is not on ${[...origins].join(', ')}`);
    }
  }

  function checkTimes(data: SiwxMessage, time: number): void {
    if (data.expirationTime !== undefined && Date.parse(data.expirationTime) <= time) {
      throw new SiwxVerificationError('EXPIRED', `The message expired at ${data.expirationTime}`);
    }
    if (data.notBefore !== undefined && Date.parse(data.notBefore) > time) {
      throw new SiwxVerificationError('NOT_YET_VALID', `The message is not valid before ${data.notBefore}`);
    }
    if (Date.parse(data.issuedAt) > time + clockSkewMs) {
      throw new SiwxVerificationError('NOT_YET_VALID', `The message was issued in the future (${data.issuedAt})`);
    }
  }

  async function takeNonce(nonce: string, time: number): Promise<void> {
    const expiresAt = await nonces.take(nonce);
    if (expiresAt === undefined)
      throw new SiwxVerificationError('INVALID_NONCE', 'The nonce was not issued by this server or was already used');
    if (expiresAt <= time) throw new SiwxVerificationError('INVALID_NONCE', 'The nonce expired; ask for a new one');
  }

  return {
    async createNonce() {
      const nonce = randomNonce();
      const expiresAt = now() + nonceTtlMs;
      await nonces.add(nonce, expiresAt);
      return { nonce, expiresAt: new Date(expiresAt).toISOString() };
    },

    async verify({ message, signature }) {
      let data: SiwxMessage;
      try {
        data = parseSiwxMessage(message);
      } catch (error) {
        if (error instanceof SiwxMessageError) throw new SiwxVerificationError('MALFORMED_MESSAGE', error.message);
        throw error;
      }
      if (typeof signature !== 'string' || signature.length === 0)
        throw new SiwxVerificationError('INVALID_SIGNATURE', 'The signature is missing');
      checkOrigin(data);
      const namespace = data.caipNetworkId.slice(0, data.caipNetworkId.indexOf(':'));
      const verifier = verifiers.get(namespace);
      if (!verifier) throw new SiwxVerificationError('UNSUPPORTED_NETWORK', `No verifier for the ${namespace} namespace`);
      if (options.networks && !options.networks.includes(data.caipNetworkId)) {
        throw new SiwxVerificationError('UNSUPPORTED_NETWORK', `Sign-in on ${data.caipNetworkId} is not accepted`);
      }
      const time = now();
      checkTimes(data, time);
      // The nonce is spent before the signature is checked: a guessed or failed attempt cannot be retried.
      await takeNonce(data.nonce, time);
      if (!(await verifier.verify({ data, message, signature }))) {
        throw new SiwxVerificationError('INVALID_SIGNATURE', `The signature is not ${data.address}'s over this message`);
      }
      const ends = Math.min(
        time + sessionTtlMs,
        data.expirationTime === undefined ? Number.POSITIVE_INFINITY : Date.parse(data.expirationTime),
      );
      return { data, message, signature, expiresAt: new Date(ends).toISOString() };
    },
  };
}
