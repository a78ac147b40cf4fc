import { ed25519 } from '@noble/curves/ed25519';
import { base58, base64urlnopad } from '@scure/base';

/** The Ed25519 multicodec prefix (0xed 0x01) in front of the key inside a `did:key` issuer. */
const ED25519_MULTICODEC = [0xed, 0x01] as const;
const DID_KEY_PREFIX = 'did:key:z';

export interface RelayAuthClaims {
  /** The client's `did:key:z6Mk…`, which the relay uses as the client id. */
  readonly clientId: string;
  readonly audience: string;
  readonly expiresAt: number;
}

/** Why the relay refused a connection's `auth` token; the message goes into the HTTP 401 body. */
export class RelayAuthError extends Error {
  override readonly name = 'RelayAuthError';
}

function decodeSegment(segment: string | undefined, part: string): Uint8Array {
  if (!segment) throw new RelayAuthError(`auth token has no ${part}`);
  try {
    return base64urlnopad.decode(segment);
  } catch {
    throw new RelayAuthError(`auth token ${part} is not base64url`);
  }
}

function decodeJson(bytes: Uint8Array, part: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new RelayAuthError(`auth token ${part} is not a JSON object`);
}

function issuerKey(issuer: unknown): Uint8Array {
  if (typeof issuer !== 'string' || !issuer.startsWith(DID_KEY_PREFIX)) {
    throw new RelayAuthError('auth token issuer is not a did:key');
  }
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(issuer.slice(DID_KEY_PREFIX.length));
  } catch {
    throw new RelayAuthError('auth token issuer is not base58btc');
  }
  if (bytes.length !== 34 || bytes[0] !== ED25519_MULTICODEC[0] || bytes[1] !== ED25519_MULTICODEC[1]) {
    throw new RelayAuthError('auth token issuer is not an Ed25519 did:key');
  }
  return bytes.slice(2);
}

/**
 * Checks a relay `auth` query parameter the way the hosted relay does, offline: an EdDSA JWT whose issuer is the
 * client's did:key, signed by that key, not expired. The audience (the relay URL the client was given) is returned,
 * not compared, because clients may reach the relay through another host name.
 */
export function verifyRelayAuth(token: string | null, nowSeconds = Math.floor(Date.now() / 1000)): RelayAuthClaims {
  if (!token) throw new RelayAuthError('missing auth query parameter');
  const [headerPart, payloadPart, signaturePart, extra] = token.split('.');
  if (extra !== undefined) throw new RelayAuthError('auth token has more than three parts');
  const header = decodeJson(decodeSegment(headerPart, 'header'), 'header');
  const payload = decodeJson(decodeSegment(payloadPart, 'payload'), 'payload');
  const signature = decodeSegment(signaturePart, 'signature');
  if (header.alg !== 'EdDSA' || header.typ !== 'JWT') throw new RelayAuthError('auth token must be an EdDSA JWT');
  const publicKey = issuerKey(payload.iss);
  const signed = new TextEncoder().encode(`${headerPart}.${payloadPart}`);
  let valid = false;
  try {
    valid = ed25519.verify(signature, signed, publicKey);
  } catch {
    valid = false;
  }
  if (!valid) throw new RelayAuthError('auth token signature does not match its issuer');
  if (typeof payload.exp !== 'number' || payload.exp < nowSeconds) throw new RelayAuthError('auth token has expired');
  return { clientId: payload.iss as string, audience: typeof payload.aud === 'string' ? payload.aud : '', expiresAt: payload.exp };
}

/** Signs a relay auth token as a WalletConnect client does (for tests that speak to the relay over a raw socket). */
export function signRelayAuth(secretKey: Uint8Array, audience: string, ttlSeconds = 86_400): string {
  const publicKey = ed25519.getPublicKey(secretKey);
  const issuer = `${DID_KEY_PREFIX}${base58.encode(new Uint8Array([...ED25519_MULTICODEC, ...publicKey]))}`;
  const issuedAt = Math.floor(Date.now() / 1000);
  const encode = (value: unknown) => base64urlnopad.encode(new TextEncoder().encode(JSON.stringify(value)));
  const unsigned = `${encode({ alg: 'EdDSA', typ: 'JWT' })}.${encode({ iss: issuer, sub: 'latch-test', aud: audience, iat: issuedAt, exp: issuedAt + ttlSeconds })}`;
  const signature = ed25519.sign(new TextEncoder().encode(unsigned), secretKey);
  return `${unsigned}.${base64urlnopad.encode(signature)}`;
}
