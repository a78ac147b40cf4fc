// "Try with a test wallet": the testkit's mock wallets (real keys, real signatures) for each namespace the demo runs,
// funded on every local chain, as scripts the demo page adds when the visitor asks (serveDemo's `testWallets`).
import {
  bitcoinPaymentAddress,
  bitcoinWalletInitScript,
  cosmosAddressOfPubkey,
  cosmosWalletInitScript,
  MOCK_WALLET_INFO,
  mockSolanaWalletInitScript,
  mockWalletInitScript,
  polkadotAddressFromUri,
  polkadotWalletInitScript,
  REGTEST_PARAMS,
  solanaAddressFromSeed,
  walletKeyFrom,
} from '@latch/testkit';

/** The demo's own test keys: public, for local chains only. */
const SOLANA_SEED = '61'.repeat(32);
const POLKADOT_URI = '//LatchDemoTestWallet';
const BITCOIN_KEY = '62'.repeat(32);
const COSMOS_KEY = '63'.repeat(32);

/**
 * Funds a test wallet on each running chain and returns `{ [namespace]: { name, address, script } }`.
 * `evm`: an anvil dev account (funded on every anvil chain from genesis) and the chains it knows.
 */
export async function demoTestWallets({ evm, solana, polkadot, bitcoin, cosmos }) {
  const wallets = {};
  if (evm) {
    const options = { privateKey: evm.account.privateKey, chains: evm.chains, chainId: evm.chains[0].chainId };
    wallets.eip155 = {
      name: MOCK_WALLET_INFO.name,
      address: evm.account.address,
      script: mockWalletInitScript({ wallets: [{ info: MOCK_WALLET_INFO, options }] }),
    };
  }
  if (solana) {
    const address = await solanaAddressFromSeed(SOLANA_SEED);
    solana.airdrop(address, 5_000_000_000n); // 5 SOL
    const wallet = {
      secretKeySeed: SOLANA_SEED,
      // Its own name: two wallets of one name are merged into one multi-chain entry.
      name: 'Latch Solana Test Wallet',
      chains: [{ chain: solana.caipNetworkId, rpcUrl: solana.rpcUrl }],
    };
    wallets.solana = { name: wallet.name, address, script: mockSolanaWalletInitScript({ wallets: [wallet] }) };
  }
  if (polkadot) {
    const address = await polkadotAddressFromUri(POLKADOT_URI, polkadot.ss58Format);
    await polkadot.fund(address, 100n * 10n ** BigInt(polkadot.decimals));
    const script = polkadotWalletInitScript({ wallets: [{ key: 'polkadot-js', accounts: [{ uri: POLKADOT_URI }] }] });
    wallets.polkadot = { name: 'polkadot{.js}', address, script };
  }
  if (bitcoin) {
    const address = bitcoinPaymentAddress(BITCOIN_KEY, REGTEST_PARAMS);
    await bitcoin.fund(address, 100_000_000n); // 1 BTC, confirmed
    const script = bitcoinWalletInitScript({ wallets: [{ paymentKey: BITCOIN_KEY, esploraUrl: bitcoin.esploraUrl }] });
    wallets.bip122 = { name: 'Latch Bitcoin Wallet', address, script };
  }
  if (cosmos) {
    const address = cosmosAddressOfPubkey((await walletKeyFrom(COSMOS_KEY)).pubkey, cosmos.bech32Prefix);
    cosmos.fund(address, 10_000_000n); // 10 of the local denom (6 decimals)
    const script = cosmosWalletInitScript({ wallets: [{ global: 'keplr', mnemonicOrPrivateKey: COSMOS_KEY, chains: [] }] });
    wallets.cosmos = { name: 'Keplr', address, script };
  }
  return wallets;
}
