import { isSome, type Address, type EncodedAccount, type Option } from '@solana/kit';
import { AccountState, getMintDecoder, getMintSize, getTokenDecoder, getTokenSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';

/** The RPC's `UiTokenAmount`. */
export interface UiTokenAmount {
  amount: string;
  decimals: number;
  uiAmount: number | null;
  uiAmountString: string;
}

export interface ParsedAccountData {
  program: 'spl-token';
  parsed: { info: Record<string, unknown>; type: 'account' | 'mint' };
  space: number;
}

export const TOKEN_ACCOUNT_SIZE = getTokenSize();
export const MINT_SIZE = getMintSize();

const STATE_NAMES: Record<AccountState, string> = {
  [AccountState.Uninitialized]: 'uninitialized',
  [AccountState.Initialized]: 'initialized',
  [AccountState.Frozen]: 'frozen',
};

export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const digits = amount.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

const optionalAddress = (value: Option<Address>): Address | null => (isSome(value) ? value.value : null);

export function isTokenAccount(account: EncodedAccount): boolean {
  return account.programAddress === TOKEN_PROGRAM_ADDRESS && account.data.length === TOKEN_ACCOUNT_SIZE;
}

export function isMintAccount(account: EncodedAccount): boolean {
  return account.programAddress === TOKEN_PROGRAM_ADDRESS && account.data.length === MINT_SIZE;
}

export function decodeTokenAccount(account: EncodedAccount) {
  return getTokenDecoder().decode(account.data);
}

export function mintDecimals(mint: EncodedAccount | undefined): number | undefined {
  if (!mint || !isMintAccount(mint)) return undefined;
  const decoded = getMintDecoder().decode(mint.data);
  return decoded.isInitialized ? decoded.decimals : undefined;
}

/**
 * The `jsonParsed` form of an SPL Token account or mint, field for field as agave's account decoder writes it,
 * or undefined when the data is not one (the RPC then falls back to base64).
 */
export function parseTokenProgramAccount(
  account: EncodedAccount,
  findMint: (mint: Address) => EncodedAccount | undefined,
): ParsedAccountData | undefined {
  if (isMintAccount(account)) {
    const mint = getMintDecoder().decode(account.data);
    if (!mint.isInitialized) return undefined;
    const info = {
      mintAuthority: optionalAddress(mint.mintAuthority),
      supply: mint.supply.toString(),
      decimals: mint.decimals,
      isInitialized: mint.isInitialized,
      freezeAuthority: optionalAddress(mint.freezeAuthority),
    };
    return { program: 'spl-token', parsed: { info, type: 'mint' }, space: MINT_SIZE };
  }
  if (!isTokenAccount(account)) return undefined;
  const token = decodeTokenAccount(account);
  const decimals = mintDecimals(findMint(token.mint));
  if (decimals === undefined || token.state === AccountState.Uninitialized) return undefined;
  const info: Record<string, unknown> = { isNative: isSome(token.isNative), mint: token.mint, owner: token.owner };
  if (isSome(token.delegate)) info.delegate = token.delegate.value;
  info.state = STATE_NAMES[token.state];
  info.tokenAmount = uiTokenAmount(token.amount, decimals);
  if (isSome(token.isNative)) info.rentExemptReserve = uiTokenAmount(token.isNative.value, decimals);
  if (isSome(token.delegate)) info.delegatedAmount = uiTokenAmount(token.delegatedAmount, decimals);
  if (isSome(token.closeAuthority)) info.closeAuthority = token.closeAuthority.value;
  return { program: 'spl-token', parsed: { info, type: 'account' }, space: TOKEN_ACCOUNT_SIZE };
}
