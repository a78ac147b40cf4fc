import {
  LatchError,
  toLatchError,
  type AccountPageRequest,
  type ActivityService,
  type CaipNetwork,
  type Page,
  type Transaction,
} from '@latch/kernel';
import { abortable, throwIfAborted } from '../abortable.js';
import { isEvmAddress } from '../address.js';
import type { Hex } from '../nodeShapes.js';
import type { NetworkClient } from '../rpc/client.js';
import { tokensFor, type TokenConfig } from '../tokens.js';
import { logCandidates, otterscanCandidates, type CandidatePage } from './candidates.js';
import { completeCandidates, type MinedTransaction } from './completeCandidates.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { decodeTransaction } from './decodeTransaction.js';
import { resolveActivityOptions, type ActivityOptions } from './options.js';
import { supportsOtterscan } from './otterscan.js';
import { createTokenMetadataCache } from './tokenMetadata.js';
import { tokenMovementsOf, type TokenMovement } from './tokenMovements.js';

export interface ActivityReaderDependencies {
  clientFor(network: CaipNetwork): Promise<NetworkClient>;
  tokens?: TokenConfig;
  options?: ActivityOptions;
}

const networkKey = (network: CaipNetwork) => `${network.caipNetworkId}|${network.rpcUrls.default.http.join(',')}`;
const newestFirst = (a: MinedTransaction, b: MinedTransaction) =>
  a.receipt.blockNumber === b.receipt.blockNumber
    ? b.transaction.transactionIndex - a.transaction.transactionIndex
    : a.receipt.blockNumber > b.receipt.blockNumber
      ? -1
      : 1;

/**
 * The Activity tab's default reader: the network's own RPC, no hosted API. Otterscan's
 * `ots_searchTransactionsBefore` where the node has it, else `Transfer` logs (tokens only).
 */
export function createActivityReader(dependencies: ActivityReaderDependencies): ActivityService {
  const options = resolveActivityOptions(dependencies.options);
  const otterscan = new Map<string, Promise<boolean>>();
  const metadata = createTokenMetadataCache();

  function hasOtterscan(client: NetworkClient, key: string, signal?: AbortSignal): Promise<boolean> {
    let known = otterscan.get(key);
    if (!known) {
      known = supportsOtterscan(client);
      otterscan.set(key, known);
      // Asked again next time when the node could not be reached.
      known.catch(() => otterscan.delete(key));
    }
    return abortable(known, signal);
  }

  async function readPage(request: AccountPageRequest): Promise<Page<Transaction>> {
    const { network, signal } = request;
    if (!isEvmAddress(request.address)) throw new LatchError('Invalid account address', { category: 'VALIDATION_ERROR' });
    const before = decodeCursor(request.cursor);
    const account = request.address.toLowerCase() as Hex;
    const client = await dependencies.clientFor(network);
    throwIfAborted(signal);
    const key = networkKey(network);
    const configured = tokensFor(dependencies.tokens, network.caipNetworkId);
    const query = {
      client,
      account,
      options,
      signal,
      ...(before === undefined ? {} : { before }),
      ...(options.tokenContracts === 'configured' ? { contracts: configured.map((token) => token.address.toLowerCase() as Hex) } : {}),
    };
    const page: CandidatePage = (await hasOtterscan(client, key, signal)) ? await otterscanCandidates(query) : await logCandidates(query);
    const mined = (await completeCandidates(client, page.candidates, signal)).sort(newestFirst);

    const movements = new Map<MinedTransaction, TokenMovement[]>(
      mined.map((entry) => [entry, tokenMovementsOf(entry.transaction, entry.receipt, account)]),
    );
    const tokenKey = (movement: TokenMovement) => `${movement.standard}|${movement.contract}`;
    const wanted = new Map([...movements.values()].flat().map((movement) => [tokenKey(movement), movement]));
    const found = new Map(
      await Promise.all(
        [...wanted].map(
          async ([tokenKeyed, movement]) =>
            [tokenKeyed, await metadata.read(client, key, movement.contract, movement.standard, signal)] as const,
        ),
      ),
    );
    const images = new Map(configured.flatMap((token) => (token.image ? [[token.address.toLowerCase(), token.image] as const] : [])));
    const data = mined
      .map((entry) =>
        decodeTransaction({
          ...entry,
          account,
          network,
          movements: movements.get(entry) ?? [],
          metadataOf: (movement) => found.get(tokenKey(movement)),
          imageOf: (contract) => images.get(contract.toLowerCase()),
        }),
      )
      .filter((transaction): transaction is Transaction => transaction !== undefined);
    return page.next === undefined ? { data } : { data, next: encodeCursor(page.next) };
  }

  return {
    async getTransactions(request) {
      try {
        return await readPage(request);
      } catch (err) {
        throw toLatchError(err, 'RPC_ERROR');
      }
    },
  };
}
