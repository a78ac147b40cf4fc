// `npm start` (after the root build): the demo's local world (demoStack.mjs) and the demo page, with where each
// part listens, until Ctrl+C.
import { existsSync } from 'node:fs';
import { startDemoStack } from './demoStack.mjs';

const distDir = new URL('../dist', import.meta.url).pathname;
if (!existsSync(`${distDir}/index.html`)) {
  console.error('[demo] examples/react-vite/dist is missing: run `npm start` from the repository root.');
  process.exit(1);
}

let stack;
async function shutdown(code = 0) {
  await stack?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  stack = await startDemoStack({ distDir, port: Number(process.env.PORT ?? 5173) });
  const {
    url,
    main,
    second,
    solana,
    polkadot,
    bitcoin,
    cosmos,
    onramp,
    relay,
    uniswap,
    names,
    embeddedWallet,
    inbox,
    oidc,
    farcasterRelay,
    farcasterApp,
    testWallets,
  } = stack;
  console.log('\n  Latch demo is running');
  console.log(`  ➜ open ${url}`);
  console.log(`  ➜ chain 31337 RPC ${main.rpcUrl} (demo token ${main.contracts.token})`);
  console.log(`  ➜ chain 31338 RPC ${second.rpcUrl}`);
  console.log(`  ➜ Solana localnet RPC ${solana.rpcUrl} (${solana.caipNetworkId})`);
  console.log(`  ➜ Polkadot localnet (chopsticks, ${polkadot.symbol}) ${polkadot.rpcUrl} (${polkadot.caipNetworkId})`);
  console.log(`  ➜ Bitcoin regtest Esplora API ${bitcoin.esploraUrl} (${bitcoin.caipNetworkId})`);
  console.log(`  ➜ Cosmos localnet RPC ${cosmos.rpcUrl} (${cosmos.caipNetworkId}, ${cosmos.denom})`);
  console.log(`  ➜ sign in with X: ${url}/?siwx (verified at ${url}/siwx)`);
  console.log(`  ➜ buy: Coinbase and Meld stand-ins at ${onramp.coinbaseUrl} and ${onramp.meldUrl}`);
  console.log(`  ➜ WalletConnect relay ${relay.url}`);
  console.log(`  ➜ swap: Uniswap v2 router ${uniswap.v2.router}, v3 router ${uniswap.v3.swapRouter} (LUSD ${uniswap.dollar})`);
  console.log(`  ➜ names: name service ${names.url} (*.latch.id); ENS on chain 31337, friend.test → ${main.accounts[8].address}`);
  console.log(`  ➜ e-mail sign-in: embedded wallet service ${embeddedWallet.url} (project latch-demo); inbox: codes at ${inbox.httpUrl}`);
  console.log(
    `  ➜ social sign-in: an OpenID Connect stand-in ${oidc.issuer} plays Google, X, Discord, GitHub, Apple and Facebook (account 'demo')`,
  );
  console.log(`  ➜ Farcaster: relay stand-in ${farcasterRelay.url}; approve a copied sign-in link at ${farcasterApp.url} (fid 1, @demo)`);
  console.log(`  ➜ test wallets (added from the page): ${Object.keys(testWallets).join(', ')}, funded on the local chains`);
  console.log('  Press Ctrl+C to stop.\n');
} catch (error) {
  console.error('[demo] failed to start:', error);
  await shutdown(1);
}
