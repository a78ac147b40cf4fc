import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys';
import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth';
import { QueryAccountRequest, QueryAccountResponse } from 'cosmjs-types/cosmos/auth/v1beta1/query';
import {
  QueryAllBalancesRequest,
  QueryAllBalancesResponse,
  QueryBalanceRequest,
  QueryBalanceResponse,
} from 'cosmjs-types/cosmos/bank/v1beta1/query';
import { SimulateRequest } from 'cosmjs-types/cosmos/tx/v1beta1/service';
import { isCosmosAddressWithPrefix } from '@latch/testkit';
import type { CosmosLedger } from './ledger.js';
import { CosmosSdkError, SDK_CODES } from './sdkError.js';
import { type ChainRules, simulateTx } from './txDelivery.js';

type QueryHandler = (data: Uint8Array, ledger: CosmosLedger, rules: ChainRules) => Uint8Array;

function assertAddress(address: string, rules: ChainRules): void {
  if (!isCosmosAddressWithPrefix(address, rules.prefix)) {
    throw new CosmosSdkError(SDK_CODES.invalidAddress, `invalid address ${JSON.stringify(address)}: invalid address`);
  }
}

/** The gRPC query services CosmJS uses, by their ABCI query path. */
export const ABCI_QUERIES: Readonly<Record<string, QueryHandler>> = {
  '/cosmos.bank.v1beta1.Query/Balance'(data, ledger, rules) {
    const { address, denom } = QueryBalanceRequest.decode(data);
    assertAddress(address, rules);
    const balance = { denom, amount: ledger.balance(address, denom).toString() };
    return QueryBalanceResponse.encode({ balance }).finish();
  },
  '/cosmos.bank.v1beta1.Query/AllBalances'(data, ledger, rules) {
    const { address } = QueryAllBalancesRequest.decode(data);
    assertAddress(address, rules);
    const balances = ledger.allBalances(address).map((coin) => ({ denom: coin.denom, amount: coin.amount.toString() }));
    return QueryAllBalancesResponse.encode({
      balances,
      pagination: { nextKey: new Uint8Array(), total: BigInt(balances.length) },
    }).finish();
  },
  '/cosmos.auth.v1beta1.Query/Account'(data, ledger, rules) {
    const { address } = QueryAccountRequest.decode(data);
    assertAddress(address, rules);
    const account = ledger.account(address);
    // CosmJS's getAccount turns exactly this log into `null`.
    if (!account)
      throw new CosmosSdkError(SDK_CODES.notFound, `rpc error: code = NotFound desc = account ${address} not found: key not found`);
    const pubKey = account.pubkey
      ? { typeUrl: '/cosmos.crypto.secp256k1.PubKey', value: PubKey.encode({ key: account.pubkey }).finish() }
      : undefined;
    const base = BaseAccount.encode({ address, pubKey, accountNumber: account.accountNumber, sequence: account.sequence }).finish();
    return QueryAccountResponse.encode({ account: { typeUrl: '/cosmos.auth.v1beta1.BaseAccount', value: base } }).finish();
  },
  '/cosmos.tx.v1beta1.Service/Simulate'(data, ledger, rules) {
    return simulateTx(ledger, SimulateRequest.decode(data).txBytes, rules);
  },
};
