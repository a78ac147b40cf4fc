import { sha256 } from '@cosmjs/crypto';
import { toHex } from '@cosmjs/encoding';

export interface CosmosAccount {
  readonly address: string;
  readonly accountNumber: bigint;
  sequence: bigint;
  /** Set by the account's first transaction, as the auth module does. */
  pubkey?: Uint8Array;
}

export interface TxEvent {
  type: string;
  attributes: { key: string; value: string; index: boolean }[];
}

export interface StoredTx {
  /** Upper-case hex sha256 of the tx bytes, as CometBFT names transactions. */
  readonly hash: string;
  readonly height: number;
  readonly index: number;
  readonly bytes: Uint8Array;
  readonly code: number;
  readonly log: string;
  readonly codespace: string;
  readonly events: TxEvent[];
  readonly gasWanted: bigint;
  readonly gasUsed: bigint;
  /** TxMsgData bytes (the message responses). */
  readonly data: Uint8Array;
  /** The fee the payer was charged. */
  readonly fee: { denom: string; amount: bigint }[];
}

export interface CosmosBlock {
  readonly height: number;
  readonly time: Date;
  readonly hash: string;
  readonly txs: readonly StoredTx[];
}

/** The chain's state: accounts, bank balances, blocks of one transaction at most, and the tx index. */
export class CosmosLedger {
  private accounts = new Map<string, CosmosAccount>();
  private balances = new Map<string, Map<string, bigint>>();
  private readonly blockList: CosmosBlock[] = [];
  private nextAccountNumber = 0n;

  constructor(readonly chainId: string) {
    this.commitBlock([]); // genesis: every query answers a height ≥ 1
  }

  get latest(): CosmosBlock {
    return this.blockList[this.blockList.length - 1] as CosmosBlock;
  }

  block(height: number): CosmosBlock | undefined {
    return this.blockList[height - 1];
  }

  get txs(): StoredTx[] {
    return this.blockList.flatMap((block) => block.txs);
  }

  account(address: string): CosmosAccount | undefined {
    return this.accounts.get(address);
  }

  /** The account, created (with the next account number) on first credit, as the bank module does. */
  ensureAccount(address: string): CosmosAccount {
    let account = this.accounts.get(address);
    if (!account) {
      account = { address, accountNumber: this.nextAccountNumber++, sequence: 0n };
      this.accounts.set(address, account);
    }
    return account;
  }

  balance(address: string, denom: string): bigint {
    return this.balances.get(address)?.get(denom) ?? 0n;
  }

  allBalances(address: string): { denom: string; amount: bigint }[] {
    return [...(this.balances.get(address) ?? new Map<string, bigint>())]
      .filter(([, amount]) => amount > 0n)
      .map(([denom, amount]) => ({ denom, amount }))
      .sort((a, b) => a.denom.localeCompare(b.denom));
  }

  credit(address: string, denom: string, amount: bigint): void {
    this.ensureAccount(address);
    const coins = this.balances.get(address) ?? new Map<string, bigint>();
    coins.set(denom, (coins.get(denom) ?? 0n) + amount);
    this.balances.set(address, coins);
  }

  /** Throws (leaving the balance as it was) when `address` holds less than `amount`. */
  debit(address: string, denom: string, amount: bigint, insufficient: (held: bigint) => Error): void {
    const held = this.balance(address, denom);
    if (held < amount) throw insufficient(held);
    this.balances.get(address)?.set(denom, held - amount);
  }

  /** A copy for dry runs (simulation): same balances and accounts, separate from this ledger. */
  snapshot(): CosmosLedger {
    const copy = Object.create(CosmosLedger.prototype) as CosmosLedger;
    Object.assign(copy, { chainId: this.chainId, blockList: this.blockList, ...this.stateCopy() });
    return copy;
  }

  /** Runs `change`; if it throws, accounts and balances are as they were before (a failed message changes nothing). */
  atomically<T>(change: () => T): T {
    const before = this.stateCopy();
    try {
      return change();
    } catch (error) {
      Object.assign(this, before);
      throw error;
    }
  }

  private stateCopy() {
    return {
      accounts: new Map([...this.accounts].map(([address, account]) => [address, { ...account }])),
      balances: new Map([...this.balances].map(([address, coins]) => [address, new Map(coins)])),
      nextAccountNumber: this.nextAccountNumber,
    };
  }

  /** Appends a block holding `txs` (built by `makeTxs` with the new height). */
  commitBlock(txs: readonly StoredTx[]): CosmosBlock {
    const height = this.blockList.length + 1;
    const time = new Date(Math.max(Date.now(), (this.blockList.at(-1)?.time.getTime() ?? 0) + 1));
    const seed = `${this.chainId}/${height}/${txs.map((tx) => tx.hash).join(',')}/${time.toISOString()}`;
    const block = { height, time, hash: toHex(sha256(new TextEncoder().encode(seed))).toUpperCase(), txs };
    this.blockList.push(block);
    return block;
  }
}
