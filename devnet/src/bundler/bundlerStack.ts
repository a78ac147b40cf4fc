import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { type Address, parseEther, toHex } from 'viem';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import type { BareAnvilFixture } from '../anvil.js';
import { ANVIL_MNEMONIC, type AnvilAccount } from '@latch/testkit';
import { jsonRpcRequest } from '@latch/testkit';
import { devnetRoot } from '../packageFiles.js';
import { freePort } from '../services/freePort.js';
import { type ServiceProcess, startServiceProcess } from '../services/serviceProcess.js';
import { deployErc4337 } from './erc4337Deployment.js';
import { startPaymasterServer } from './paymasterServer.js';

export interface BundlerStackOptions {
  /** The chain the stack runs on (`startAnvil()`). */
  readonly anvil: Pick<BareAnvilFixture, 'rpcUrl' | 'chainId'>;
  /** Also start the sponsoring paymaster service. Default true. */
  readonly paymaster?: boolean;
  /** Overrides the bundler's port (default: a free one). */
  readonly bundlerPort?: number;
}

/** EntryPoint v0.7 and SimpleAccountFactory on anvil, the alto bundler in front of it, and a verifying paymaster service. */
export interface BundlerStack {
  /** The alto bundler's JSON-RPC URL (`eth_sendUserOperation`, `eth_getUserOperationReceipt`, …), on 127.0.0.1. */
  readonly bundlerUrl: string;
  /** The ERC-7677 paymaster service's URL, or undefined with `paymaster: false`. */
  readonly paymasterUrl: string | undefined;
  readonly entryPoint: Address;
  /** SimpleAccountFactory v0.7. */
  readonly factory: Address;
  /** The embedded wallet's account factory (LatchSmartAccountFactory over Solady's ERC4337), for viem's `toSoladySmartAccount`. */
  readonly smartAccountFactory: Address;
  /** The VerifyingPaymaster contract the service signs for. */
  readonly paymaster: Address;
  /** The bundler process (kill it to play a bundler outage). */
  readonly bundler: ServiceProcess;
  /** Stops the bundler and the paymaster service (the chain is the caller's); safe to call twice. */
  stop(): Promise<void>;
}

/** What each of the stack's own accounts holds. */
const BUNDLER_STACK_BALANCE = parseEther('10000');

/**
 * Runs in the bundler process before alto: alto's HTTP server listens on 0.0.0.0 with no option to change it, so every
 * server in that process is bound to 127.0.0.1 instead, and the bound port is printed as the ready line.
 */
const LOOPBACK_PRELOAD = `
import net from 'node:net';
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (args[0] && typeof args[0] === 'object') args[0] = { ...args[0], host: '127.0.0.1' };
  else if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^[0-9]+$/.test(args[0]))) {
    if (typeof args[1] === 'string') args[1] = '127.0.0.1';
    else args.splice(1, 0, '127.0.0.1');
  }
  this.once('listening', () => {
    const address = this.address();
    if (address && typeof address === 'object') process.stderr.write('latch-devnet: listening on http://127.0.0.1:' + address.port + '\\n');
  });
  return listen.apply(this, args);
};
`;

/** alto's command-line entry, from the installed @pimlico/alto. */
export function altoCliPath(): string {
  const require = createRequire(join(devnetRoot(), 'package.json'));
  let entry: string;
  try {
    entry = require.resolve('@pimlico/alto');
  } catch {
    throw new Error('@latch/devnet: @pimlico/alto is missing; install the devnet dependencies (npm ci)');
  }
  return join(dirname(entry), 'cli', 'alto.js');
}

/** The environment alto runs with: no Sentry DSN, no stray ALTO_* options, no .env file read from the working directory. */
function altoEnvironment(): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const name of Object.keys(process.env)) {
    if (name.startsWith('ALTO_') || name.startsWith('SENTRY_') || name.startsWith('OTEL_')) env[name] = undefined;
  }
  return { ...env, DOTENV_CONFIG_PATH: '/dev/null' };
}

/** Accounts 10, 11 and 12 of anvil's mnemonic: past the ten dev accounts tests send from, funded here. */
async function bundlerStackAccounts(rpcUrl: string): Promise<[AnvilAccount, AnvilAccount, AnvilAccount]> {
  const accounts = [10, 11, 12].map((addressIndex) => {
    const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex });
    const key = account.getHdKey().privateKey;
    if (!key) throw new Error(`no private key derived for anvil mnemonic account ${addressIndex}`);
    return { address: account.address, privateKey: toHex(key) };
  }) as [AnvilAccount, AnvilAccount, AnvilAccount];
  for (const account of accounts) await jsonRpcRequest(rpcUrl, 'anvil_setBalance', [account.address, toHex(BUNDLER_STACK_BALANCE)]);
  return accounts;
}

/**
 * Deploys the ERC-4337 contracts on `anvil` (idempotent: a second stack on the same chain reuses them), starts alto as
 * its own process on 127.0.0.1 (deployer, executor and utility: accounts 10, 11 and 12 of anvil's mnemonic, funded
 * with `anvil_setBalance`, so they never race the ten dev accounts for nonces) and, unless `paymaster: false`, the
 * sponsoring paymaster service. Nothing reaches beyond 127.0.0.1.
 */
export async function startBundlerStack(options: BundlerStackOptions): Promise<BundlerStack> {
  const { rpcUrl, chainId } = options.anvil;
  const [deployer, executor, utility] = await bundlerStackAccounts(rpcUrl);
  const signerKey = generatePrivateKey();
  const deployment = await deployErc4337(rpcUrl, chainId, {
    deployer,
    verifyingSigner: privateKeyToAccount(signerKey).address,
  });
  const paymasterServer =
    options.paymaster === false
      ? undefined
      : await startPaymasterServer({ rpcUrl, chainId, entryPoint: deployment.entryPoint, paymaster: deployment.paymaster, signerKey });
  let bundler: ServiceProcess;
  try {
    const port = options.bundlerPort ?? (await freePort());
    bundler = await startServiceProcess({
      args: [
        '--import',
        `data:text/javascript,${encodeURIComponent(LOOPBACK_PRELOAD)}`,
        altoCliPath(),
        '--entrypoints',
        deployment.entryPoint,
        '--rpc-url',
        rpcUrl,
        '--port',
        String(port),
        '--executor-private-keys',
        executor.privateKey,
        '--utility-private-key',
        utility.privateKey,
        // anvil has no geth JavaScript tracer, which the full validation rules need; alto's own local set-up runs so.
        '--safe-mode',
        'false',
        '--deploy-simulations-contract',
        'true',
        '--enable-cors',
        'true',
        '--log-level',
        'warn',
      ],
      env: altoEnvironment(),
      ready: /latch-devnet: listening on (http:\/\/127\.0\.0\.1:\d+)/,
    });
  } catch (error) {
    await paymasterServer?.stop();
    throw error;
  }
  let stopping: Promise<void> | undefined;
  return {
    bundlerUrl: bundler.url,
    paymasterUrl: paymasterServer?.url,
    entryPoint: deployment.entryPoint,
    factory: deployment.factory,
    smartAccountFactory: deployment.smartAccountFactory,
    paymaster: deployment.paymaster,
    bundler,
    stop() {
      stopping ??= Promise.all([bundler.stop(), paymasterServer?.stop()]).then(() => undefined);
      return stopping;
    },
  };
}
