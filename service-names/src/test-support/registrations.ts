import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { coinTypeOfChain, createRegistrationMessage } from '@latch/feature-names/protocol';

/** Anvil's chain: the coin type the tests register for. */
export const TEST_COIN_TYPE = coinTypeOfChain(31337);

export interface RegistrationBody {
  coinType: number;
  address: string;
  signature: string;
  message: string;
}

/** What the message binds; each can be changed to build a message meant for elsewhere. */
export interface SigningOptions {
  serviceUrl: string;
  timestampMs?: number;
  coinType?: number;
  projectId?: string;
}

/** A registration of `name` signed with `account`'s real key, as the client builds it. */
export async function signedRegistration(account: PrivateKeyAccount, name: string, options: SigningOptions): Promise<RegistrationBody> {
  const coinType = options.coinType ?? TEST_COIN_TYPE;
  const message = createRegistrationMessage(
    { name, coinType, serviceUrl: options.serviceUrl, projectId: options.projectId },
    options.timestampMs ?? Date.now(),
  );
  return { coinType, address: account.address, signature: await account.signMessage({ message }), message };
}

/** An account with a key of its own (no other test holds it). */
export const freshAccount = () => privateKeyToAccount(generatePrivateKey());

/** POSTs a registration to `<baseUrl>/v1/names`, with `?projectId=` and extra headers when given. */
export function postRegistration(
  baseUrl: string,
  body: RegistrationBody,
  options: { projectId?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const query = options.projectId ? `?projectId=${options.projectId}` : '';
  return fetch(`${baseUrl}/v1/names${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify(body),
  });
}

/** The service's first reason (`{ reasons: [{ description }] }`). */
export async function firstReason(response: Response): Promise<string | undefined> {
  return ((await response.json()) as { reasons?: { description: string }[] }).reasons?.[0]?.description;
}
