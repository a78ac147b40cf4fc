import { invalidOption } from '@latch/kernel/errors';

/** §5 name registration: letters, digits and hyphens only, at least 4 characters. */
export const MIN_NAME_LENGTH = 4;
/** A label is one DNS label: at most 63 characters. */
export const MAX_NAME_LENGTH = 63;

export const NAME_CHARACTERS_MESSAGE = 'A name may contain only letters, digits and hyphens';
export const NAME_TOO_SHORT_MESSAGE = `A name must be at least ${MIN_NAME_LENGTH} characters`;
export const NAME_TOO_LONG_MESSAGE = `A name must be at most ${MAX_NAME_LENGTH} characters`;

/** Why `label` (the part before the suffix) cannot be registered, or undefined when it can (§5). */
export function nameLabelProblem(label: string): string | undefined {
  if (typeof label !== 'string' || !/^[A-Za-z0-9-]*$/.test(label)) return NAME_CHARACTERS_MESSAGE;
  if (label.length < MIN_NAME_LENGTH) return NAME_TOO_SHORT_MESSAGE;
  if (label.length > MAX_NAME_LENGTH) return NAME_TOO_LONG_MESSAGE;
  return undefined;
}

/** §7: the registration's coin type is the chain id with the top bit set (ENSIP-11). */
export function coinTypeOfChain(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId <= 0 || chainId >= 0x80000000) throw invalidOption(`Invalid chain id ${chainId}`);
  return (0x80000000 | chainId) >>> 0;
}

/** The chain id a coin type stands for, or undefined when it is not an EVM chain's (top bit unset). */
export function chainOfCoinType(coinType: number): number | undefined {
  if (!Number.isSafeInteger(coinType) || coinType <= 0x80000000 || coinType > 0xffffffff) return undefined;
  return coinType - 0x80000000;
}

/**
 * The JSON the account signs to register a name. The spec's message holds the name, empty attributes
 * and a timestamp in seconds; Latch extends it (never drops a field) with the coin type the name is
 * registered for, the name service it is sent to and the project on that service, so a copy of the
 * signature registers nothing on another chain, another deployment or another project.
 */
export interface RegistrationMessage {
  name: string;
  attributes: Record<string, never>;
  timestamp: number;
  /** The chain id with the top bit set, as posted beside the message. */
  coinType: number;
  /** The name service's origin as the client reaches it ('https://names.example.com'). */
  service: string;
  /** The project id the client sends as `?projectId=`; absent when it sends none. */
  projectId?: string;
}

/** What a registration is for: the full name, its coin type, and where it is sent. */
export interface RegistrationTarget {
  name: string;
  coinType: number;
  /** The name service's base URL; only its origin is signed. */
  serviceUrl: string;
  projectId?: string | undefined;
}

export function createRegistrationMessage(target: RegistrationTarget, nowMs: number): string {
  const { name, coinType, serviceUrl, projectId } = target;
  const message: RegistrationMessage = {
    name,
    attributes: {},
    timestamp: Math.floor(nowMs / 1000),
    coinType,
    service: new URL(serviceUrl).origin,
    ...(projectId ? { projectId } : {}),
  };
  return JSON.stringify(message);
}
