import {
  type Address,
  concat,
  encodeEventTopics,
  encodeFunctionData,
  type Hex,
  isHex,
  keccak256,
  numberToHex,
  toFunctionSelector,
  toHex,
} from 'viem';
import { ProviderRpcError } from './errors.js';
import {
  PERMISSIONS_CONTEXT_SHAPE,
  parsePermissionsContext,
  SESSION_MAX_DURATION_SECONDS,
  SMART_ACCOUNT_SESSION_ABI,
  sessionIdIsFrom,
  sessionOriginTag,
} from './protocol/sessionAbi.js';
import type { EmbeddedSmartAccount } from './smartAccount.js';

/*
 * ERC-7715 permissions for the embedded wallet's smart account (the `smartSessions` feature), loaded on first use:
 * `wallet_grantPermissions` turns a dApp's request into the account's own `grantSession` call, sent as an owner
 * UserOperation the visitor approves in the frame (which shows exactly what is granted, and until when);
 * `wallet_revokePermissions` ends one the same way; `latch_getPermissions` lists this site's live sessions from the
 * chain. A request this page cannot turn into an exact grant (an unknown permission type, a policy it cannot enforce,
 * no expiry or one too far) is refused here with a clear error, before anything is shown.
 */

/** One call a session may make: contract, function selector (`0x00000000`: a plain transfer), value limit per call. */
export interface SessionCall {
  readonly target: Address;
  readonly selector: Hex;
  readonly valueLimit: bigint;
}

/** What the page needs to grant, revoke and list sessions of the smart account on one chain. */
export interface PermissionsHost {
  readonly account: EmbeddedSmartAccount;
  readonly chainId: number;
  /** The site's origin: session ids carry its tag (the frame checks it). */
  readonly origin: string;
  /** A read through the network's own RPC. */
  node(method: string, params: unknown[]): Promise<unknown>;
}

function invalid(message: string): ProviderRpcError {
  return new ProviderRpcError(-32602, message);
}

const SELECTOR = /^0x[0-9a-fA-F]{8}$/;
const SIGNATURE = /^[A-Za-z_$][\w$]*\([^()]*(\([^()]*\)[^()]*)*\)$/;

function quantity(value: unknown, what: string): bigint {
  if (value === undefined) return 0n;
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  throw invalid(`${what} must be a 0x quantity (the smallest unit)`);
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function address(value: unknown, what: string): Address {
  if (typeof value !== 'string' || !ADDRESS.test(value)) throw invalid(`${what} must be an address`);
  return value as Address;
}

/** The session signer: ERC-7715 `{ type: 'account', data: { address } }` or `{ type: 'key', data: { type: 'secp256k1', publicKey } }`. */
function signerOf(signer: unknown): Address {
  const record = (signer ?? {}) as { type?: unknown; data?: { address?: unknown; id?: unknown; type?: unknown; publicKey?: unknown } };
  if (record.type === 'account') return address(record.data?.address ?? record.data?.id, 'signer.data.address');
  if (record.type === 'key') {
    if (record.data?.type !== 'secp256k1') throw invalid("Only secp256k1 session keys are supported (signer.data.type: 'secp256k1')");
    const key = record.data.publicKey ?? record.data.id;
    if (typeof key !== 'string' || !isHex(key) || key.length !== 132 || !key.startsWith('0x04'))
      throw invalid('signer.data.publicKey must be an uncompressed secp256k1 public key (0x04…, 65 bytes)');
    // The address of an uncompressed secp256k1 key: the last 20 bytes of keccak256 of its 64 bytes after 0x04.
    return `0x${keccak256(`0x${key.slice(4)}`).slice(-40)}`;
  }
  throw invalid("signer must be { type: 'account', data: { address } } or { type: 'key', data: { type: 'secp256k1', publicKey } }");
}

/** One ERC-7715 permission as the account's allowed calls. */
function callsOf(permission: unknown, index: number): SessionCall[] {
  const at = `permissions[${index}]`;
  const record = (permission ?? {}) as { type?: unknown; data?: Record<string, unknown>; policies?: unknown };
  if (record.policies !== undefined && !(Array.isArray(record.policies) && record.policies.length === 0))
    throw invalid(`${at}.policies: the embedded wallet enforces no policies beyond the expiry and the value limits; send none`);
  const data = record.data ?? {};
  if (record.type === 'native-token-transfer') {
    return [
      { target: address(data.to, `${at}.data.to`), selector: '0x00000000', valueLimit: quantity(data.valueLimit, `${at}.data.valueLimit`) },
    ];
  }
  if (record.type !== 'contract-call')
    throw invalid(`${at}.type '${String(record.type)}' is not supported: use 'contract-call' or 'native-token-transfer'`);
  const target = address(data.address, `${at}.data.address`);
  const functions = data.calls ?? data.functions;
  if (!Array.isArray(functions) || functions.length === 0)
    throw invalid(
      `${at}.data.calls must list the functions the session may call (signatures like 'transfer(address,uint256)' or selectors)`,
    );
  const valueLimit = quantity(data.valueLimit, `${at}.data.valueLimit`);
  return functions.map((fn, position) => {
    const name = typeof fn === 'object' && fn !== null ? (fn as { functionName?: unknown; signature?: unknown }).signature : fn;
    if (typeof name === 'string' && SELECTOR.test(name)) return { target, selector: name.toLowerCase() as Hex, valueLimit };
    if (typeof name === 'string' && SIGNATURE.test(name.replace(/\s/g, '')))
      return { target, selector: toFunctionSelector(name.replace(/\s/g, '')), valueLimit };
    throw invalid(`${at}.data.calls[${position}] must be a function signature or a 4-byte selector`);
  });
}

/** A `wallet_grantPermissions` request, checked: what the account's grantSession will get. */
export function parseGrantRequest(
  input: unknown,
  chainId: number,
  now = Math.floor(Date.now() / 1000),
): { signer: Address; validUntil: number; calls: SessionCall[] } {
  const request = (Array.isArray(input) ? input[0] : input) as Record<string, unknown> | undefined;
  if (!request || typeof request !== 'object')
    throw invalid('wallet_grantPermissions needs [{ chainId, expiry, signer, permissions: [...] }]');
  if (request.chainId !== undefined && Number(request.chainId) !== chainId)
    throw new ProviderRpcError(4901, `The wallet is on chain ${chainId}, not ${String(request.chainId)}`);
  const expiry = request.expiry;
  if (typeof expiry !== 'number' || !Number.isSafeInteger(expiry)) throw invalid('A grant needs an expiry (unix seconds)');
  if (expiry <= now) throw invalid('The expiry has passed');
  if (expiry > now + SESSION_MAX_DURATION_SECONDS) throw invalid('A session may last at most 30 days: choose an earlier expiry');
  if (!Array.isArray(request.permissions) || request.permissions.length === 0) throw invalid('A grant needs at least one permission');
  const calls = request.permissions.flatMap((permission, index) => callsOf(permission, index));
  return { signer: signerOf(request.signer), validUntil: expiry, calls };
}

/** A fresh session id for this site: its tag, then 16 random bytes. */
const newSessionId = (origin: string): Hex => concat([sessionOriginTag(origin), toHex(crypto.getRandomValues(new Uint8Array(16)))]);

/** Sends the account's own call (grant or revoke) as an owner UserOperation, approved in the frame; waits until it lands. */
async function ownCall(host: PermissionsHost, data: Hex, what: string): Promise<void> {
  const hash = await host.account.sendCalls([{ to: host.account.address, data }]);
  const status = await host.account.waitForReceipt(hash);
  if (status.status !== 200) throw new ProviderRpcError(-32603, `The ${what} was included but reverted (UserOperation ${hash})`);
}

/** `wallet_grantPermissions`: the ERC-7715 answer once the grant landed. */
export async function grantPermissions(host: PermissionsHost, params: unknown[]): Promise<unknown> {
  const request = params[0] as Record<string, unknown>;
  const grant = parseGrantRequest(params, host.chainId);
  const id = newSessionId(host.origin);
  await ownCall(
    host,
    encodeFunctionData({
      abi: SMART_ACCOUNT_SESSION_ABI,
      functionName: 'grantSession',
      args: [id, grant.signer, grant.validUntil, grant.calls],
    }),
    'session grant',
  );
  return {
    chainId: numberToHex(host.chainId),
    address: host.account.address,
    expiry: grant.validUntil,
    signer: request.signer,
    permissions: request.permissions,
    grantedPermissions: request.permissions,
    permissionsContext: concat([host.account.address, id]),
  };
}

/** `wallet_revokePermissions` with `{ permissionsContext }`: ends one of this site's sessions. */
export async function revokePermissions(host: PermissionsHost, params: unknown[]): Promise<null> {
  const context = (params[0] as { permissionsContext?: unknown } | undefined)?.permissionsContext;
  if (typeof context !== 'string') throw invalid('wallet_revokePermissions needs [{ permissionsContext }]');
  const parsed = parsePermissionsContext(context);
  if (!parsed) throw invalid(PERMISSIONS_CONTEXT_SHAPE);
  const { account, id } = parsed;
  if (account.toLowerCase() !== host.account.address.toLowerCase()) throw invalid('That session is not on this account');
  if (!sessionIdIsFrom(id, host.origin)) throw invalid('That session was not granted to this site: a site may only revoke its own');
  await ownCall(host, encodeFunctionData({ abi: SMART_ACCOUNT_SESSION_ABI, functionName: 'revokeSession', args: [id] }), 'revoke');
  return null;
}

/** One live session of this site, as `latch_getPermissions` lists it. */
export interface GrantedSession {
  readonly permissionsContext: Hex;
  /** The dApp key's address (lowercase). */
  readonly signer: Address;
  /** Unix seconds. */
  readonly expiry: number;
}

/** The 32-byte word `index` of ABI-encoded `data`, as a bigint. */
const word = (data: Hex, index: number) => BigInt(`0x${data.slice(2 + index * 64, 2 + (index + 1) * 64) || '0'}`);

/** `latch_getPermissions`: this site's sessions on the account that are neither revoked nor expired, from the chain. */
export async function listPermissions(host: PermissionsHost): Promise<GrantedSession[]> {
  const code = (await host.node('eth_getCode', [host.account.address, 'latest'])) as Hex;
  if (code === '0x') return [];
  const [topic] = encodeEventTopics({ abi: SMART_ACCOUNT_SESSION_ABI, eventName: 'SessionGranted' });
  const logs = (await host.node('eth_getLogs', [
    { address: host.account.address, topics: [topic], fromBlock: '0x0', toBlock: 'latest' },
  ])) as {
    topics: Hex[];
  }[];
  const block = (await host.node('eth_getBlockByNumber', ['latest', false])) as { timestamp: Hex };
  const now = BigInt(block.timestamp);
  // session(id) → (address signer, uint48 validUntil): zero signer once revoked. One read per session, at once.
  const ids = logs.map((log) => log.topics[1]).filter((id): id is Hex => id !== undefined && sessionIdIsFrom(id, host.origin));
  const reads = await Promise.all(
    ids.map(
      (id) =>
        host.node('eth_call', [
          { to: host.account.address, data: encodeFunctionData({ abi: SMART_ACCOUNT_SESSION_ABI, functionName: 'session', args: [id] }) },
          'latest',
        ]) as Promise<Hex>,
    ),
  );
  const sessions: GrantedSession[] = [];
  ids.forEach((id, index) => {
    const live = reads[index] as Hex;
    const signer = word(live, 0);
    const validUntil = word(live, 1);
    if (signer === 0n || validUntil <= now) return;
    sessions.push({
      permissionsContext: concat([host.account.address, id]),
      signer: `0x${signer.toString(16).padStart(40, '0')}`,
      expiry: Number(validUntil),
    });
  });
  return sessions;
}
