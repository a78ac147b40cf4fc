import { getBase58Decoder, getBase64Decoder, type Address, type EncodedAccount } from '@solana/kit';
import { invalidParams } from './rpcError.js';
import { optionalString, type RpcConfig } from './rpcParams.js';
import { parseTokenProgramAccount, type ParsedAccountData } from './tokenAccounts.js';

/** `binary` is the legacy default: bare base58 data instead of a `[data, encoding]` pair. */
export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'jsonParsed';

export interface AccountEncodingOptions {
  encoding: AccountEncoding;
  dataSlice?: { offset: number; length: number };
}

export interface UiAccount {
  data: string | [string, 'base58' | 'base64'] | ParsedAccountData;
  executable: boolean;
  lamports: bigint;
  owner: Address;
  rentEpoch: bigint;
  space: number;
}

const MAX_BASE58_BYTES = 128;
// Rent-exempt accounts carry rent epoch u64::MAX on current clusters.
const RENT_EXEMPT_EPOCH = 18_446_744_073_709_551_615n;

export function accountEncodingOptions(config: RpcConfig, fallback: AccountEncoding = 'binary'): AccountEncodingOptions {
  const encoding = optionalString(config, 'encoding') ?? fallback;
  if (encoding === 'base64+zstd') throw invalidParams('Invalid params: base64+zstd is not supported by the Latch local Solana RPC');
  if (encoding !== 'binary' && encoding !== 'base58' && encoding !== 'base64' && encoding !== 'jsonParsed') {
    throw invalidParams(
      `Invalid params: unknown variant \`${encoding}\`, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\`, \`base64+zstd\``,
    );
  }
  const slice = config.dataSlice as { offset?: unknown; length?: unknown } | undefined | null;
  if (slice === undefined || slice === null) return { encoding };
  if (typeof slice.offset !== 'number' || typeof slice.length !== 'number' || slice.offset < 0 || slice.length < 0) {
    throw invalidParams('Invalid params: dataSlice needs a non-negative offset and length');
  }
  return { encoding, dataSlice: { offset: slice.offset, length: slice.length } };
}

function binaryData(data: Uint8Array, options: AccountEncodingOptions): UiAccount['data'] {
  const bytes = options.dataSlice ? data.slice(options.dataSlice.offset, options.dataSlice.offset + options.dataSlice.length) : data;
  if (options.encoding === 'base64' || options.encoding === 'jsonParsed') return [getBase64Decoder().decode(bytes), 'base64'];
  if (bytes.length > MAX_BASE58_BYTES) {
    throw invalidParams(`Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`);
  }
  const base58 = getBase58Decoder().decode(bytes);
  return options.encoding === 'binary' ? base58 : [base58, 'base58'];
}

/** One account in the RPC's `UiAccount` shape; jsonParsed falls back to base64 for data it cannot parse. */
export function encodeAccount(
  account: EncodedAccount,
  options: AccountEncodingOptions,
  findAccount: (address: Address) => EncodedAccount | undefined,
): UiAccount {
  const parsed = options.encoding === 'jsonParsed' ? parseTokenProgramAccount(account, findAccount) : undefined;
  return {
    data: parsed ?? binaryData(new Uint8Array(account.data), options),
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: Number(account.space),
  };
}
