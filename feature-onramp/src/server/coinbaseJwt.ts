import { createPrivateKey, type KeyObject, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { invalidOption } from '@latch/kernel';

/** A Coinbase Developer Platform secret API key: its id and its secret (an EC PEM, or a base64 Ed25519 key). */
export interface CdpApiKey {
  /** The key's id (a UUID, or `organizations/…/apiKeys/…`). */
  apiKeyId: string;
  /** `-----BEGIN EC PRIVATE KEY-----…` (ES256), or the 64-byte Ed25519 key in base64 (EdDSA). */
  apiKeySecret: string;
}

/** How long a request's JWT is valid: Coinbase refuses longer ones (two minutes). */
const JWT_LIFETIME_SECONDS = 120;

function signingKey(secret: string): { key: KeyObject; alg: 'ES256' | 'EdDSA' } {
  const trimmed = secret.trim();
  if (trimmed.startsWith('-----BEGIN')) {
    const key = createPrivateKey(trimmed);
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
      throw invalidOption('apiKeySecret: a PEM key must be an EC P-256 key');
    }
    return { key, alg: 'ES256' };
  }
  const raw = Buffer.from(trimmed, 'base64');
  if (raw.length !== 64 || raw.toString('base64') !== trimmed) {
    throw invalidOption('apiKeySecret must be an EC PEM key or a base64 Ed25519 key (64 bytes)');
  }
  const jwk = { kty: 'OKP', crv: 'Ed25519', d: raw.subarray(0, 32).toString('base64url'), x: raw.subarray(32).toString('base64url') };
  return { key: createPrivateKey({ key: jwk, format: 'jwk' }), alg: 'EdDSA' };
}

/**
 * The key's signer. Each call makes the bearer JWT Coinbase asks for one request: header `kid` (the
 * key id) and a random `nonce`; claims `iss: "cdp"`, `sub` (the key id), `nbf`/`iat`/`exp` (two
 * minutes) and `uris: ["<METHOD> <host><path>"]`. The key is parsed once, here.
 */
export function createCdpJwtSigner({ apiKeyId, apiKeySecret }: CdpApiKey, now: () => number = Date.now) {
  if (typeof apiKeyId !== 'string' || !apiKeyId.trim()) throw invalidOption('apiKeyId is required');
  if (typeof apiKeySecret !== 'string' || !apiKeySecret.trim()) throw invalidOption('apiKeySecret is required');
  const { key, alg } = signingKey(apiKeySecret);
  return (method: string, url: URL): Promise<string> => {
    const seconds = Math.floor(now() / 1000);
    return new SignJWT({ iss: 'cdp', sub: apiKeyId, uris: [`${method} ${url.host}${url.pathname}`] })
      .setProtectedHeader({ alg, kid: apiKeyId, typ: 'JWT', nonce: randomBytes(16).toString('hex') })
      .setIssuedAt(seconds)
      .setNotBefore(seconds)
      .setExpirationTime(seconds + JWT_LIFETIME_SECONDS)
      .sign(key);
  };
}
