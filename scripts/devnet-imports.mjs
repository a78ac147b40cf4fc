#!/usr/bin/env node
// Rewrites imports of the names that moved from `@latch/testkit` to the private `@latch/devnet` workspace (the local
// chains and service stand-ins), in the files given on the command line:
//   node scripts/devnet-imports.mjs <file>...      rewrite in place, print the files it changed
//   node scripts/devnet-imports.mjs --check <file>...   change nothing, exit 1 if a file would change
// It handles static `import … from` / `export … from` lists (values and `type` names, `as` renames, over several
// lines) and whole-entry specifiers (`import('@latch/testkit/services')`). A `const { a } = await import('@latch/testkit')`
// whose names all moved is pointed at devnet; one that mixes moved and kept names, and an entry taken whole
// (`import * as testkit`), are reported on stderr, not changed.
import { readFileSync, writeFileSync } from 'node:fs';

/** Names that left `@latch/testkit` (the root entry) for `@latch/devnet`. */
const MOVED_FROM_ROOT = new Set([
  'startAnvil',
  'DEFAULT_ANVIL_CHAIN_ID',
  'AnvilContracts',
  'AnvilFixture',
  'AnvilOptions',
  'BareAnvilFixture',
  'DEMO_NFT',
  'DEMO_TOKEN',
  'DEMO_TOKEN_MAIN_BALANCE',
  'DEMO_TOKEN_SIDE_BALANCE',
  'MULTICALL3_ADDRESS',
  'MULTICALL3_DEPLOYER',
  'MULTICALL3_PRESIGNED_TRANSACTION',
  'anvilBinaryPath',
  'deployEns',
  'EnsDeployment',
  'EnsDeploymentOptions',
  'deployUniswap',
  'loadUniswapArtifact',
  'SWAP_DEMO_TOKEN',
  'SWAP_DEMO_TOKEN_BALANCE',
  'sqrtPriceX96',
  'UniswapDeployment',
  'UniswapDeploymentOptions',
  'UniswapNpmContract',
  'startSolanaRpc',
  'SolanaRpcFixture',
  'SolanaRpcOptions',
  'CreateMintOptions',
  'MintToOptions',
  'SolanaRpcError',
  'codeOf',
  'startSmtpInbox',
  'ParsedMail',
  'SmtpInbox',
  'SmtpInboxOptions',
  'startBitcoinRegtest',
  'BitcoinRegtest',
  'StartBitcoinRegtestOptions',
  'DEFAULT_FEE_ESTIMATES',
  'FeeEstimates',
  'startPolkadotChain',
  'PolkadotChain',
  'LOCAL_POLKADOT_CHAIN',
  'startCosmosChain',
  'CosmosChain',
  'CosmosChainOptions',
  'CosmosChainTransaction',
  'GAS_PER_MESSAGE',
  'GAS_PER_TX',
  'altoCliPath',
  'startBundlerStack',
  'BundlerStack',
  'BundlerStackOptions',
  'DETERMINISTIC_DEPLOYER',
  'deployErc4337',
  'ENTRY_POINT_07_ADDRESS',
  'ENTRY_POINT_07_SALT',
  'loadErc4337Artifact',
  'SIMPLE_ACCOUNT_FACTORY_07_ADDRESS',
  'Erc4337Contract',
  'Erc4337Deployment',
  'Erc4337DeploymentOptions',
  'startPaymasterServer',
  'PaymasterServer',
  'PaymasterServerOptions',
  'toSimpleAccount',
]);

/** Names that left `@latch/testkit/walletconnect` (the relay) for `@latch/devnet/walletconnect`; the wallet stayed. */
const MOVED_FROM_WALLETCONNECT = new Set([
  'startWalletConnectRelay',
  'WalletConnectRelay',
  'WalletConnectRelayOptions',
  'signRelayAuth',
  'RelayedMessage',
  'SESSION_PROPOSAL_RESPONSE_TAG',
  'SESSION_PROPOSAL_TAG',
  'SESSION_SETTLE_REQUEST_TAG',
]);

/** Entries that moved whole. */
export const MOVED_ENTRIES = {
  '@latch/testkit/oidc': '@latch/devnet/oidc',
  '@latch/testkit/farcaster': '@latch/devnet/farcaster',
  '@latch/testkit/services': '@latch/devnet/services',
  '@latch/testkit/contracts.json': '@latch/devnet/contracts.json',
};

/** Entries that split by name: specifier → [names that moved, where they went]. */
export const SPLIT_ENTRIES = {
  '@latch/testkit': [MOVED_FROM_ROOT, '@latch/devnet'],
  '@latch/testkit/walletconnect': [MOVED_FROM_WALLETCONNECT, '@latch/devnet/walletconnect'],
};

const STATIC = /(^|\n)([ \t]*)(import|export)(\s+type)?\s*\{([^}]*)\}\s*from\s*(['"])(@latch\/testkit[^'"]*)\6;?/g;

function parseList(list) {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((text) => {
      const bare = text.replace(/^type\s+/, '');
      return { text, name: bare.split(/\s+as\s+/)[0].trim() };
    });
}

function statement(indent, keyword, wholeType, items, quote, specifier) {
  const list = items.map((item) => item.text).join(', ');
  return `${indent}${keyword}${wholeType ?? ''} { ${list} } from ${quote}${specifier}${quote};`;
}

/** The source with moved names pointed at devnet, and the problems it could not fix. */
export function rewrite(source) {
  const problems = [];
  let text = source.replace(STATIC, (whole, lead, indent, keyword, wholeType, list, quote, specifier) => {
    const split = SPLIT_ENTRIES[specifier];
    if (!split) return whole;
    const [moved, target] = split;
    const items = parseList(list);
    const going = items.filter((item) => moved.has(item.name));
    if (going.length === 0) return whole;
    const staying = items.filter((item) => !moved.has(item.name));
    const lines = [];
    if (staying.length > 0) lines.push(statement(indent, keyword, wholeType, staying, quote, specifier));
    lines.push(statement(indent, keyword, wholeType, going, quote, target));
    return lead + lines.join('\n');
  });
  for (const [from, to] of Object.entries(MOVED_ENTRIES)) {
    text = text.replaceAll(`'${from}'`, `'${to}'`).replaceAll(`"${from}"`, `"${to}"`);
  }
  // `const { a, b } = await import('@latch/testkit')`
  text = text.replace(
    /(const\s*\{([^}]*)\}\s*=\s*await\s+import\()(['"])(@latch\/testkit(?:\/walletconnect)?)\3\)/g,
    (whole, head, list, quote, specifier) => {
      const [moved, target] = SPLIT_ENTRIES[specifier];
      const names = list
        .split(',')
        .map((part) => part.trim().split(/\s*:\s*/)[0])
        .filter(Boolean);
      const going = names.filter((name) => moved.has(name));
      if (going.length === 0) return whole;
      if (going.length < names.length) {
        problems.push(`a dynamic import of ${specifier} mixes moved (${going.join(', ')}) and kept names: split it by hand`);
        return whole;
      }
      return `${head}${quote}${target}${quote})`;
    },
  );
  // A whole entry taken as one object (`import * as testkit`, `const testkit = await import(…)`): its uses are not seen.
  for (const match of text.matchAll(
    /(?:import\s*\*\s*as\s+\w+\s+from\s*|(?:const|let|var)\s+\w+\s*=\s*await\s+import\()(['"])(@latch\/testkit(?:\/walletconnect)?)\1/g,
  )) {
    problems.push(`takes ${match[2]} whole: check that it reads none of the names that moved to devnet`);
  }
  return { text, problems };
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  const args = process.argv.slice(2);
  const check = args[0] === '--check';
  const files = check ? args.slice(1) : args;
  if (files.length === 0) {
    console.error('usage: node scripts/devnet-imports.mjs [--check] <file>...');
    process.exit(2);
  }
  let changed = 0;
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const { text, problems } = rewrite(source);
    for (const problem of problems) console.error(`${file}: ${problem}`);
    if (text === source) continue;
    changed++;
    console.log(file);
    if (!check) writeFileSync(file, text);
  }
  if (check && changed > 0) process.exit(1);
}
