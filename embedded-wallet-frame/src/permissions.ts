import { type Address, decodeFunctionData, erc20Abi, erc721Abi, type Hex, isAddressEqual, toFunctionSelector, zeroAddress } from 'viem';
import { entryPoint07Address } from 'viem/account-abstraction';
import {
  type ApprovalDetails,
  ProviderRpcError as RpcError,
  SESSION_MAX_DURATION_SECONDS,
  SMART_ACCOUNT_SESSION_ABI,
  sessionIdIsFrom,
} from '@latch/connector-embedded/protocol';
import { base, type DescribeContext, nativeAmount } from './describe.js';
import type { SmartAccountCall } from './smartAccount.js';

/*
 * Sessions (ERC-7715 permissions) in the frame. A grant or a revoke is an owner UserOperation whose one call is the
 * account's own `grantSession` or `revokeSession`; the frame reads it from the callData (never from text the page
 * sends) and shows it in plain words: the site's key, each contract and function it may call, the most native coin
 * per call, and until when. Anything else a UserOperation asks of the account itself (changing its owner, upgrading
 * it, a delegatecall, a grant hidden in a batch) is refused before the visitor is asked, and so is a grant that could
 * not be shown exactly: no expiry, an expiry in the past or more than 30 days away, the account itself or the
 * EntryPoint as a target, a session id made for another site (a site only grants and revokes its own sessions).
 */

function invalid(message: string): RpcError {
  return new RpcError(-32602, message);
}

/** Functions the approval page names by their selector (others are shown as their exact 4-byte selector). */
let knownFunctions: Record<string, { name: string; warning?: string }> | undefined;

/** The ERC-20 and ERC-721 functions that change state, by selector; hashed on the first grant shown, not at load. */
function knownFunction(selector: string): { name: string; warning?: string } | undefined {
  knownFunctions ??= Object.fromEntries(
    [...erc20Abi, ...erc721Abi]
      .filter((item) => item.type === 'function' && item.stateMutability !== 'view')
      .map((item) => {
        const signature = `${item.name}(${(item as { inputs: readonly { type: string }[] }).inputs.map((input) => input.type).join(',')})`;
        const warning =
          item.name === 'approve' || item.name === 'setApprovalForAll'
            ? `${item.name} lets the site’s key give others the right to move your tokens or items.`
            : undefined;
        return [toFunctionSelector(signature), { name: signature, warning }];
      }),
  );
  return knownFunctions[selector];
}

/** The selector of a call without data: a plain transfer of the native coin. */
const PLAIN_TRANSFER = '0x00000000';

const NOT_A_SESSION_CALL =
  'The UserOperation calls your smart account itself with something other than a session grant or revoke (such as changing its owner or upgrading it): refused';

/** The account's own call: a grant or a revoke, or refused. */
function decodeOwnCall(data: Hex) {
  let decoded: ReturnType<typeof decodeFunctionData<typeof SMART_ACCOUNT_SESSION_ABI>>;
  try {
    decoded = decodeFunctionData({ abi: SMART_ACCOUNT_SESSION_ABI, data });
  } catch {
    throw invalid(NOT_A_SESSION_CALL);
  }
  if (decoded.functionName === 'grantSession' || decoded.functionName === 'revokeSession') return decoded;
  throw invalid(NOT_A_SESSION_CALL);
}

/** A unix time as the visitor reads it: its UTC date and time, and how far away it is. */
function when(seconds: number, now: number): string {
  const date = new Date(seconds * 1000).toISOString().replace('T', ' ').slice(0, 16);
  const left = seconds - now;
  const away =
    left >= 2 * 86_400
      ? `${Math.floor(left / 86_400)} days`
      : left >= 2 * 3600
        ? `${Math.floor(left / 3600)} hours`
        : `${Math.max(1, Math.floor(left / 60))} minutes`;
  return `${date} UTC (in ${away})`;
}

/** The session calls of a UserOperation, when it makes any: the one call must be to the account itself. */
function ownCall(sender: Address, calls: readonly SmartAccountCall[]): SmartAccountCall | undefined {
  if (!calls.some((call) => isAddressEqual(call.to, sender))) return undefined;
  const [only] = calls;
  if (calls.length !== 1 || !only) throw invalid('A call on your smart account itself must come alone, not inside a batch: refused');
  if (only.value !== 0n) throw invalid('A call on your smart account itself carries no value: refused');
  return only;
}

/**
 * What the approval page shows for a UserOperation that grants or revokes a session (undefined when it calls other
 * contracts only); refuses one it cannot show exactly. `now` is the frame's clock, in unix seconds.
 */
export function describeSessionCall(
  context: DescribeContext,
  sender: Address,
  calls: readonly SmartAccountCall[],
  chainId: number,
  now = Math.floor(Date.now() / 1000),
): ApprovalDetails | undefined {
  const call = ownCall(sender, calls);
  if (!call) return undefined;
  const decoded = decodeOwnCall(call.data);
  if (decoded.functionName === 'revokeSession') {
    const details = base(context, 'transaction', 'End a session');
    details.rows.push({ label: 'Session', value: decoded.args[0] });
    details.rows.push({ label: 'Effect', value: 'The site’s key can no longer make any call from your smart account' });
    return details;
  }
  const [, signer, validUntil, allowed] = decoded.args;
  if (isAddressEqual(signer, zeroAddress)) throw invalid('A session grant needs the site’s key (its signer): refused');
  if (validUntil === 0) throw invalid('A session grant without an expiry is refused');
  if (validUntil <= now) throw invalid('A session grant whose expiry has passed is refused');
  if (validUntil > now + SESSION_MAX_DURATION_SECONDS) throw invalid('A session grant may last at most 30 days: refused');
  if (allowed.length === 0) throw invalid('A session grant lists at least one call: refused');
  const details = base(context, 'transaction', 'Give this site a session key');
  details.rows.push({ label: 'Site’s key', value: signer });
  allowed.forEach((each, index) => {
    if (isAddressEqual(each.target, sender) || isAddressEqual(each.target, entryPoint07Address) || isAddressEqual(each.target, zeroAddress))
      throw invalid('A session may not call your smart account itself or the EntryPoint: refused');
    const known = knownFunction(each.selector);
    const fn =
      each.selector === PLAIN_TRANSFER ? 'Send the native coin (no data)' : known ? known.name : `Function ${each.selector} (unnamed)`;
    const prefix = allowed.length === 1 ? '' : `Call ${index + 1}: `;
    details.rows.push({ label: `${prefix}Contract`, value: each.target });
    details.rows.push({ label: `${prefix}Function`, value: fn });
    details.rows.push({
      label: `${prefix}Value per call (at most)`,
      value: each.valueLimit === 0n ? 'None' : nativeAmount(chainId, each.valueLimit),
    });
    if (known?.warning) details.warnings.push(known.warning);
  });
  details.rows.push({ label: 'Expires', value: when(validUntil, now) });
  details.warnings.push(
    `Until it expires (or you revoke it from your account), the site can make these calls from your smart account without asking you again.`,
  );
  return details;
}

/** Refuses a grant or a revoke whose session id was not made for `origin` (the asking site). */
export function checkSessionOrigin(sender: Address, calls: readonly SmartAccountCall[], origin: string): void {
  const call = ownCall(sender, calls);
  if (!call) return;
  const decoded = decodeOwnCall(call.data);
  if (!sessionIdIsFrom(decoded.args[0], origin))
    throw invalid(
      decoded.functionName === 'revokeSession'
        ? 'This session was not granted to this site: a site may only revoke its own sessions'
        : 'The session id was not made for this site: refused',
    );
}
