import { MsgSendResponse } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { TxMsgData } from 'cosmjs-types/cosmos/base/abci/v1beta1/abci';
import { isCosmosAddressWithPrefix } from '@latch/testkit';
import type { CosmosLedger, TxEvent } from './ledger.js';
import { CosmosSdkError, SDK_CODES } from './sdkError.js';
import { coinAmount, MSG_SEND_TYPE_URL } from './txDecoding.js';
import type { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';

/** Gas the stand-in charges: a fixed cost per transaction and per message (no real metering). */
export const GAS_PER_TX = 50_000n;
export const GAS_PER_MESSAGE = 25_000n;

export const gasUsedBy = (messages: number): bigint => GAS_PER_TX + GAS_PER_MESSAGE * BigInt(messages);

export function event(type: string, attributes: Record<string, string>): TxEvent {
  return { type, attributes: Object.entries(attributes).map(([key, value]) => ({ key, value, index: true })) };
}

const formatCoins = (coins: readonly { denom: string; amount: bigint }[]) => coins.map((coin) => `${coin.amount}${coin.denom}`).join(',');

/** The bank module's MsgSend: moves the coins (all or none) and emits the events a Cosmos SDK 0.50 node emits. */
export function executeSends(ledger: CosmosLedger, sends: readonly MsgSend[], prefix: string): TxEvent[] {
  return ledger.atomically(() =>
    sends.flatMap((send, index) => {
      if (!isCosmosAddressWithPrefix(send.toAddress, prefix)) {
        throw new CosmosSdkError(SDK_CODES.invalidAddress, `invalid to address ${JSON.stringify(send.toAddress)}: invalid address`);
      }
      const coins = send.amount.map((coin) => ({ denom: coin.denom, amount: coinAmount(coin.amount) }));
      if (coins.length === 0 || coins.some((coin) => coin.amount <= 0n)) {
        throw new CosmosSdkError(SDK_CODES.invalidCoins, `${formatCoins(coins) || 'no coins'}: invalid coins`);
      }
      for (const coin of coins) {
        ledger.debit(send.fromAddress, coin.denom, coin.amount, (held) => {
          const log = `failed to execute message; message index: ${index}: spendable balance ${held}${coin.denom} is smaller than ${coin.amount}${coin.denom}: insufficient funds`;
          return new CosmosSdkError(SDK_CODES.insufficientFunds, log);
        });
        ledger.credit(send.toAddress, coin.denom, coin.amount);
      }
      const amount = formatCoins(coins);
      const msgIndex = String(index);
      return [
        event('message', { action: MSG_SEND_TYPE_URL, sender: send.fromAddress, module: 'bank', msg_index: msgIndex }),
        event('coin_spent', { spender: send.fromAddress, amount, msg_index: msgIndex }),
        event('coin_received', { receiver: send.toAddress, amount, msg_index: msgIndex }),
        event('transfer', { recipient: send.toAddress, sender: send.fromAddress, amount, msg_index: msgIndex }),
        event('message', { sender: send.fromAddress, msg_index: msgIndex }),
      ];
    }),
  );
}

/** TxMsgData of `count` MsgSendResponses: what a node returns as a successful tx's data. */
export function sendResponsesData(count: number): Uint8Array {
  const response = { typeUrl: '/cosmos.bank.v1beta1.MsgSendResponse', value: MsgSendResponse.encode({}).finish() };
  return TxMsgData.encode(TxMsgData.fromPartial({ msgResponses: Array.from({ length: count }, () => response) })).finish();
}
