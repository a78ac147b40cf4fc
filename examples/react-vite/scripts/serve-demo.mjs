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
// Once: Ctrl+C reaches this process both from the terminal and passed on by `npm start`.
let stopping;
function shutdown(code = 0) {
  stopping ??= (async () => {
    await stack?.stop();
    process.exit(code);
  })();
  return stopping;
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  stack = await startDemoStack({ distDir, port: Number(process.env.PORT ?? 5173) });
  console.log('\n  Latch demo is running');
  console.log(`  ➜ open ${stack.url}`);
  console.log(`  ➜ chain 31337 RPC ${stack.main.rpcUrl} (demo token ${stack.main.contracts.token})`);
  console.log(`  ➜ chain 31338 RPC ${stack.second.rpcUrl}`);
  console.log(`  ➜ Solana localnet RPC ${stack.solana.rpcUrl} (${stack.solana.caipNetworkId})`);
  console.log(`  ➜ Polkadot localnet (chopsticks, ${stack.polkadot.symbol}) ${stack.polkadot.rpcUrl} (${stack.polkadot.caipNetworkId})`);
  console.log(`  ➜ Bitcoin regtest Esplora API ${stack.bitcoin.esploraUrl} (${stack.bitcoin.caipNetworkId})`);
  console.log(`  ➜ Cosmos localnet RPC ${stack.cosmos.rpcUrl} (${stack.cosmos.caipNetworkId}, ${stack.cosmos.denom})`);
  console.log(`  ➜ sign in with X: ${stack.url}/?siwx (verified at ${stack.url}/siwx)`);
  console.log(`  ➜ buy: Coinbase and Meld stand-ins at ${stack.onramp.coinbaseUrl} and ${stack.onramp.meldUrl}`);
  console.log(`  ➜ WalletConnect relay ${stack.relay.url}`);
  console.log(
    `  ➜ swap: Uniswap v2 router ${stack.uniswap.v2.router}, v3 router ${stack.uniswap.v3.swapRouter} (LUSD ${stack.uniswap.dollar})`,
  );
  console.log(
    `  ➜ names: name service ${stack.names.url} (*.latch.id); ENS on chain 31337, friend.test → ${stack.main.accounts[8].address}`,
  );
  console.log(
    `  ➜ e-mail sign-in: embedded wallet service ${stack.embeddedWallet.url} (project latch-demo); inbox: codes at ${stack.inbox.httpUrl}`,
  );
  console.log(
    `  ➜ social sign-in: an OpenID Connect stand-in ${stack.oidc.issuer} plays Google, X, Discord, GitHub, Apple and Facebook (account 'demo')`,
  );
  console.log(
    `  ➜ Farcaster: relay stand-in ${stack.farcasterRelay.url}; approve a copied sign-in link at ${stack.farcasterApp.url} (fid 1, @demo)`,
  );
  console.log(`  ➜ test wallets (added from the page): ${Object.keys(stack.testWallets).join(', ')}, funded on the local chains`);
  console.log('  Press Ctrl+C to stop.\n');
} catch (error) {
  console.error('[demo] failed to start:', error);
  await shutdown(1);
}
