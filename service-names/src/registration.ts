import { LatchError } from '@latch/kernel';
import { createPublicClient, getAddress, http, isAddress, isHex, type PublicClient, verifyMessage } from 'viem';
import { chainOfCoinType, coinTypeOfChain, nameLabelProblem, type RegistrationMessage } from '@latch/feature-names/protocol';

/** A refusal the client shows as is: `{ reasons: [{ description }] }` with this HTTP status (a `LatchError`, category `API_ERROR`). */
export class NameServiceError extends LatchError {
  override readonly name: string = 'NameServiceError';
  constructor(
    readonly status: number,
    message: string,
    /** With 429: how many seconds until the limit lets the request through (the Retry-After header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message, { category: 'API_ERROR' });
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
  /** How old the message's timestamp may be, in seconds: an older signature cannot be replayed. Default 600. */
  maxMessageAgeSeconds?: number;
  /** How far ahead of the service's clock the timestamp may be, in seconds (the signer's clock running fast). Default 30. */
  maxFutureSkewSeconds?: number;
}

/** Where a registration arrived: what its signed message must name. */
export interface RegistrationContext {
  /** The project's suffix. */
  suffix: string;
  /** The request's `?projectId=`, undefined when it names none. */
  projectId: string | undefined;
  /** The origins this service answers at (its public URLs, or the request's own origin). */
  serviceOrigins: readonly string[];
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
  const value = parsed as Partial<Record<keyof RegistrationMessage, unknown>> | null;
  if (typeof value?.name !== 'string' || typeof value.timestamp !== 'number' || !Number.isInteger(value.timestamp)) {
    throw bad('The signed message must hold a name and a timestamp in seconds');
  }
  const attributes = value.attributes as unknown;
  if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes) || Object.keys(attributes).length > 0) {
    throw bad('The signed message must hold empty attributes');
  }
  if (typeof value.coinType !== 'number' || typeof value.service !== 'string') {
    throw bad('The signed message must hold the coinType and the name service it is for (service)');
  }
  if (value.projectId !== undefined && typeof value.projectId !== 'string') throw bad("The signed message's projectId must be a string");
  return value as unknown as RegistrationMessage;
}

/**
 * Checks a registration before it is stored: the name is the project's and valid (§5), the message
 * is fresh (no replay of an old signature) and not dated ahead, the coin type is an EVM chain's (§7),
 * the message names this coin type, this service and this project (no replay elsewhere), and the
 * address signed the exact message. Resolves with the lowercased name, the checksummed address and the coin type.
 */
export function createRegistrationCheck(options: SignatureCheckOptions = {}) {
  const maxAge = options.maxMessageAgeSeconds ?? 600;
  const maxAhead = options.maxFutureSkewSeconds ?? 30;
  const clients = new Map<number, PublicClient>();
  const clientFor = (chainId: number) => {
    const url = options.rpcUrls?.[chainId];
    if (!url) return undefined;
    let client = clients.get(chainId);
    if (!client) clients.set(chainId, (client = createPublicClient({ transport: http(url, { retryCount: 1, timeout: 10_000 }) })));
    return client;
  };

  return async function checkRegistration(
    request: RegisterRequest,
    context: RegistrationContext,
    nowMs: number,
  ): Promise<VerifiedRegistration> {
    const { suffix } = context;
    const signed = parseMessage(request.message);
    const name = signed.name.toLowerCase();
    if (!name.endsWith(`.${suffix}`)) throw bad(`The name must end with .${suffix}`);
    const problem = nameLabelProblem(name.slice(0, -suffix.length - 1));
    if (problem) throw bad(problem);
    const ahead = signed.timestamp - nowMs / 1000;
    if (ahead > maxAhead) throw bad("The signed message is dated in the future: check the device's clock and sign again");
    if (-ahead > maxAge) throw bad('The signed message has expired: sign a new one');
    const chainId = chainOfCoinType(request.coinType);
    if (chainId === undefined || coinTypeOfChain(chainId) !== request.coinType) {
      throw bad('coinType must be an EVM chain id with the top bit set');
    }
    if (signed.coinType !== request.coinType) throw bad(`The signed message is for coin type ${signed.coinType}, not ${request.coinType}`);
    if (!context.serviceOrigins.includes(signed.service))
      throw bad(`The signed message is for the name service at ${signed.service}, not this one`);
    if (signed.projectId !== context.projectId) {
      throw bad(
        `The signed message is for ${signed.projectId === undefined ? 'no project' : `project '${signed.projectId}'`}, not this one`,
      );
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
