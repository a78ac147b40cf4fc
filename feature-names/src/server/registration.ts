import { createPublicClient, getAddress, http, isAddress, isHex, type PublicClient, verifyMessage } from 'viem';
import { chainOfCoinType, coinTypeOfChain, nameLabelProblem, type RegistrationMessage } from '../nameRules.js';

/** A refusal the client shows as is: `{ reasons: [{ description }] }` with this HTTP status. */
export class NameServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'NameServiceError';
  }
}

/** What the client posts to register (§7). */
export interface RegisterRequest {
  coinType: number;
  address: string;
  signature: string;
  message: string;
}

export interface VerifiedRegistration {
  name: string;
  address: string;
  coinType: number;
}

export interface SignatureCheckOptions {
  /** `{ [chainId]: rpcUrl }`: also accept smart-account signatures (ERC-1271, ERC-6492) on these chains. */
  rpcUrls?: Readonly<Record<number, string>>;
  /** How far the message's timestamp may be from now, in seconds. Default 600. */
  maxClockSkewSeconds?: number;
}

const bad = (description: string) => new NameServiceError(400, description);

/** The body as a §7 register request, or a 400 saying what is wrong. */
export function parseRegisterRequest(body: unknown): RegisterRequest {
  const value = body as Partial<Record<keyof RegisterRequest, unknown>> | null;
  if (typeof value !== 'object' || value === null) throw bad('Send { coinType, address, signature, message }');
  const { coinType, address, signature, message } = value;
  if (typeof coinType !== 'number') throw bad('coinType must be a number');
  if (typeof address !== 'string' || !isAddress(address, { strict: false })) throw bad('address must be an EVM address');
  if (typeof signature !== 'string' || !isHex(signature) || signature.length < 4) throw bad('signature must be a hex string');
  if (typeof message !== 'string') throw bad('message must be a string');
  return { coinType, address, signature, message };
}

function parseMessage(message: string): RegistrationMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    throw bad('The signed message is not JSON');
  }
  const value = parsed as Partial<RegistrationMessage> | null;
  if (typeof value?.name !== 'string' || typeof value.timestamp !== 'number' || !Number.isInteger(value.timestamp)) {
    throw bad('The signed message must hold a name and a timestamp in seconds');
  }
  const attributes = value.attributes as unknown;
  if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes) || Object.keys(attributes).length > 0) {
    throw bad('The signed message must hold empty attributes');
  }
  return value as RegistrationMessage;
}

/**
 * Checks a registration before it is stored: the name is the project's and valid (§5), the message
 * is fresh (no replay of an old signature), the coin type is an EVM chain's (§7) and the address
 * signed the exact message. Resolves with the lowercased name, the checksummed address and the coin type.
 */
export function createRegistrationCheck(options: SignatureCheckOptions = {}) {
  const maxSkew = options.maxClockSkewSeconds ?? 600;
  const clients = new Map<number, PublicClient>();
  const clientFor = (chainId: number) => {
    const url = options.rpcUrls?.[chainId];
    if (!url) return undefined;
    let client = clients.get(chainId);
    if (!client) clients.set(chainId, (client = createPublicClient({ transport: http(url, { retryCount: 1, timeout: 10_000 }) })));
    return client;
  };

  return async function checkRegistration(request: RegisterRequest, suffix: string, nowMs: number): Promise<VerifiedRegistration> {
    const signed = parseMessage(request.message);
    const name = signed.name.toLowerCase();
    if (!name.endsWith(`.${suffix}`)) throw bad(`The name must end with .${suffix}`);
    const problem = nameLabelProblem(name.slice(0, -suffix.length - 1));
    if (problem) throw bad(problem);
    if (Math.abs(signed.timestamp - nowMs / 1000) > maxSkew) throw bad('The signed message has expired: sign a new one');
    const chainId = chainOfCoinType(request.coinType);
    if (chainId === undefined || coinTypeOfChain(chainId) !== request.coinType) {
      throw bad('coinType must be an EVM chain id with the top bit set');
    }
    const address = getAddress(request.address);
    const check = { address, message: request.message, signature: request.signature as `0x${string}` };
    const client = clientFor(chainId);
    // An unreachable node is an error (500), not a refusal: only the offline check maps a throw to false.
    const valid = client ? await client.verifyMessage(check) : await verifyMessage(check).catch(() => false);
    if (!valid) throw new NameServiceError(401, 'The signature does not match the address');
    return { name, address, coinType: request.coinType };
  };
}
