import { formatUnits, type CaipNetwork, type Transaction, type TransactionTransfer } from '@latch/kernel';
import { toChecksumAddress } from '../address.js';
import type { Hex, NodeReceipt, NodeTransaction } from '../nodeShapes.js';
import type { TokenMetadata } from './tokenMetadata.js';
import { ZERO_ADDRESS, type TokenMovement } from './tokenMovements.js';

export interface DecodeInput {
  transaction: NodeTransaction;
  receipt: NodeReceipt;
  /** Seconds. */
  timestamp: number;
  /** Lowercase. */
  account: Hex;
  network: CaipNetwork;
  movements: readonly TokenMovement[];
  metadataOf(movement: TokenMovement): TokenMetadata | undefined;
  /** The icon configured for a token (the adapter's `tokens` option). */
  imageOf(contract: Hex): string | undefined;
}

type Direction = NonNullable<TransactionTransfer['direction']>;

function directionOf(from: Hex, to: Hex | undefined, account: Hex): Direction | undefined {
  if (from === account && to === account) return 'self';
  if (from === account) return 'out';
  return to === account ? 'in' : undefined;
}

/** The side of a move that is not the account, checksummed; nothing for a move to itself, a mint or a burn. */
function counterpartyOf(from: Hex, to: Hex | undefined, direction: Direction): { counterparty?: string } {
  const other = direction === 'in' ? from : direction === 'out' ? to : undefined;
  return other && other !== ZERO_ADDRESS ? { counterparty: toChecksumAddress(other) } : {};
}

function nativeTransfer({ transaction, account, network }: DecodeInput): TransactionTransfer[] {
  const direction = directionOf(transaction.from, transaction.to, account);
  if (transaction.value === 0n || !direction) return [];
  const { name, symbol, decimals } = network.nativeCurrency;
  return [
    {
      direction,
      fungible_info: { name, symbol },
      quantity: { numeric: formatUnits(transaction.value, decimals) },
      ...counterpartyOf(transaction.from, transaction.to, direction),
    },
  ];
}

function tokenTransfer(input: DecodeInput, movement: TokenMovement): TransactionTransfer | undefined {
  const direction = directionOf(movement.from, movement.to, input.account);
  const metadata = input.metadataOf(movement);
  if (!direction) return undefined;
  // The Transfer log names the parties: for a token the transaction's `to` is only the token contract.
  const counterparty = counterpartyOf(movement.from, movement.to, direction);
  if (movement.standard === 'erc721') {
    const collection = metadata?.name ?? metadata?.symbol ?? 'NFT';
    return { direction, nft_info: { name: `${collection} #${movement.value}` }, quantity: { numeric: '1' }, ...counterparty };
  }
  // Without decimals the amount cannot be told: the transfer is left out rather than shown wrong.
  if (metadata?.decimals === undefined) return undefined;
  const image = input.imageOf(movement.contract);
  const fungible_info = {
    ...(metadata.name ? { name: metadata.name } : {}),
    ...(metadata.symbol ? { symbol: metadata.symbol } : {}),
    ...(image ? { icon: { url: image } } : {}),
  };
  return { direction, fungible_info, quantity: { numeric: formatUnits(movement.value, metadata.decimals) }, ...counterparty };
}

/**
 * What the account did: 'mint' only when all it received came from the zero address and it gave nothing (paying for
 * a mint, as adding liquidity does, is a contract call); else trade, send, receive or execute.
 */
function operationTypeOf(input: DecodeInput, transfers: readonly TransactionTransfer[]): string {
  const { transaction, account, movements } = input;
  const received = transfers.some((t) => t.direction === 'in');
  const sent = transfers.some((t) => t.direction === 'out' || t.direction === 'self');
  const incoming = movements.filter((m) => m.to === account && m.from !== account);
  const nativeIn = transaction.value > 0n && transaction.to === account && transaction.from !== account;
  const mintedOnly = !nativeIn && incoming.length > 0 && incoming.every((m) => m.from === ZERO_ADDRESS);
  if (mintedOnly) return sent ? 'execute' : 'mint';
  if (transaction.from === account) {
    if (sent && received) return 'trade';
    return sent ? 'send' : 'execute';
  }
  if (received) return 'receive';
  return sent ? 'send' : 'execute';
}

/** The parties of what moved: a lone token transfer's sender and receiver (its log), else the transaction's own. */
function partiesOf({ transaction, receipt, movements, account }: DecodeInput): { sentFrom: string; sentTo: string } {
  const mine = movements.filter((m) => m.from === account || m.to === account);
  const [only] = mine;
  if (transaction.value === 0n && mine.length === 1 && only) {
    return { sentFrom: toChecksumAddress(only.from), sentTo: toChecksumAddress(only.to) };
  }
  const sentTo = transaction.to ?? receipt.contractAddress;
  return { sentFrom: toChecksumAddress(transaction.from), sentTo: sentTo ? toChecksumAddress(sentTo) : '' };
}

// Date's own limit: a node's time beyond it is malformed.
const MAX_TIMESTAMP_SECONDS = 8_640_000_000_000;

/** §3 Transaction for one mined transaction, seen from the account; undefined when its block time is unusable. */
export function decodeTransaction(input: DecodeInput): Transaction | undefined {
  const { transaction, receipt, network } = input;
  if (input.timestamp > MAX_TIMESTAMP_SECONDS) return undefined;
  const tokenTransfers = input.movements
    .map((movement) => tokenTransfer(input, movement))
    .filter((transfer): transfer is TransactionTransfer => transfer !== undefined);
  const transfers = [...nativeTransfer(input), ...tokenTransfers];
  return {
    id: transaction.hash,
    metadata: {
      minedAt: new Date(input.timestamp * 1000).toISOString(),
      chain: network.caipNetworkId,
      operationType: operationTypeOf(input, transfers),
      status: receipt.status === 'success' ? 'confirmed' : 'failed',
      ...partiesOf(input),
    },
    transfers,
  };
}
