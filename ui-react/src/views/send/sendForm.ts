import {
  insufficientBalanceReason,
  parseAmountInput,
  SEND_AMOUNT_AND_RECEIVER_REQUIRED_MESSAGE,
  SEND_TOKEN_REQUIRED_MESSAGE,
  type CaipNetwork,
  type TokenBalance,
} from '@latch/kernel';

/** What the Send form holds while the visitor fills it in. */
export interface SendDraft {
  token?: TokenBalance;
  amount: string;
  /** As typed: an address, or a name when the namespace resolves names. */
  receiver: string;
  /** The address a typed name resolved to. */
  resolved?: string;
}

export type SendField = 'token' | 'amount' | 'receiver';
export interface SendProblem {
  field: SendField;
  message: string;
}

/**
 * The rows the visitor can send from: the account's token balances, or, where there are none, the
 * native currency with the account's balance. Test networks list no tokens and show '0.00' without
 * reading the balance (§5): there the native row's balance is unknown (empty), not 0.
 */
export function sendableTokens(
  account: { tokenBalance: readonly TokenBalance[]; balance?: string } | undefined,
  network: CaipNetwork | undefined,
): readonly TokenBalance[] {
  const tokens = account?.tokenBalance ?? [];
  if (tokens.length > 0 || !network || account?.balance === undefined) return tokens;
  const { name, symbol, decimals } = network.nativeCurrency;
  return [
    {
      name,
      symbol,
      chainId: network.caipNetworkId,
      quantity: { decimals: String(decimals), numeric: network.testnet ? '' : account.balance },
      iconUrl: network.assets?.imageUrl ?? '',
    },
  ];
}

/** A name worth resolving: has a dot, no spaces, and is not an address. */
export function looksLikeName(text: string): boolean {
  return /^[^\s.]+(\.[^\s.]+)+$/.test(text.trim());
}

/** The token's balance in its smallest unit, or undefined when the row does not carry one. */
export function balanceUnits(token: TokenBalance | undefined): bigint | undefined {
  if (!token?.quantity.numeric) return undefined;
  const decimals = Number(token.quantity.decimals);
  const parsed = parseAmountInput(token.quantity.numeric, decimals);
  return parsed.ok ? parsed.units : 0n;
}

/**
 * The first problem of the draft (§5 messages where §5 has one), or undefined when it can be sent.
 * `isAddress` is the namespace adapter's check; `resolving` holds back a name still being looked up.
 */
export function checkDraft(
  draft: SendDraft,
  isAddress: (address: string) => boolean,
  state: { resolving: boolean; nameFailed: boolean },
): SendProblem | undefined {
  const receiver = draft.receiver.trim();
  if (draft.amount.trim() === '' || receiver === '') {
    return { field: draft.amount.trim() === '' ? 'amount' : 'receiver', message: SEND_AMOUNT_AND_RECEIVER_REQUIRED_MESSAGE };
  }
  if (!draft.token) return { field: 'token', message: SEND_TOKEN_REQUIRED_MESSAGE };
  const parsed = parseAmountInput(draft.amount, Number(draft.token.quantity.decimals));
  if (!parsed.ok) return { field: 'amount', message: parsed.reason };
  const held = balanceUnits(draft.token);
  if (held !== undefined && parsed.units > held) return { field: 'amount', message: insufficientBalanceReason(draft.token.symbol) };
  if (isAddress(receiver)) return undefined;
  if (looksLikeName(receiver)) {
    if (state.resolving) return { field: 'receiver', message: `Looking up ${receiver}…` };
    if (draft.resolved && isAddress(draft.resolved)) return undefined;
    if (state.nameFailed) return { field: 'receiver', message: `No address found for ${receiver}` };
  }
  return { field: 'receiver', message: 'Invalid receiver address' };
}
