import { type Abi, type Address, type Hash, maxUint256, parseEther, parseUnits } from 'viem';
import { jsonRpcRequest } from '@latch/testkit';
import type { AnvilAccount } from '@latch/testkit';
import { type CompiledContract, loadCompiledContract } from './demoContracts.js';
import { type AnvilWalletClient, anvilWalletClient, deployedAddress } from './deployContracts.js';
import { loadNpmArtifact } from './npmArtifact.js';

/** Uniswap's own build artifacts from npm (devnet devDependencies), per TEST-INFRA part 2 §6. */
const NPM_ARTIFACTS = {
  WETH9: '@uniswap/v2-periphery/build/WETH9.json',
  UniswapV2Factory: '@uniswap/v2-core/build/UniswapV2Factory.json',
  UniswapV2Router02: '@uniswap/v2-periphery/build/UniswapV2Router02.json',
  UniswapV3Factory: '@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json',
  NonfungiblePositionManager: '@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json',
  SwapRouter: '@uniswap/v3-periphery/artifacts/contracts/SwapRouter.sol/SwapRouter.json',
  SwapRouter02: '@uniswap/swap-router-contracts/artifacts/contracts/SwapRouter02.sol/SwapRouter02.json',
  QuoterV2: '@uniswap/v3-periphery/artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json',
} as const;

export type UniswapNpmContract = keyof typeof NPM_ARTIFACTS;

/** An artifact's ABI and creation bytecode, read at run time (v2's truffle files carry the bytecode without 0x). */
export function loadUniswapArtifact(name: UniswapNpmContract): CompiledContract {
  return loadNpmArtifact(NPM_ARTIFACTS[name]);
}

/** The second demo token the pools pair with LDT and WETH: a 6-decimal dollar. */
export const SWAP_DEMO_TOKEN = { name: 'Latch Demo Dollar', symbol: 'LUSD', decimals: 6 } as const;
/** Each of accounts 0..3 receives this many LUSD (whole tokens). */
export const SWAP_DEMO_TOKEN_BALANCE = 1_000_000n;

/** The full-range ticks of a fee tier's tick spacing (TickMath's ±887272 rounded to the spacing). */
const TICK_SPACING: Readonly<Record<number, number>> = { 500: 10, 3000: 60, 10000: 200 };

/** One pool's seed liquidity: whole units of each token (ETH stands for WETH). */
export interface UniswapPoolSeed {
  readonly tokenA: Address;
  readonly amountA: bigint;
  readonly tokenB: Address;
  readonly amountB: bigint;
}

export interface UniswapDeployment {
  readonly weth: Address;
  readonly v2: { readonly factory: Address; readonly router: Address };
  readonly v3: {
    readonly factory: Address;
    readonly swapRouter: Address;
    /** SwapRouter02 (@uniswap/swap-router-contracts), the router Uniswap deploys on every chain. */
    readonly swapRouter02: Address;
    readonly quoter: Address;
    readonly positionManager: Address;
  };
  /** LUSD, the 6-decimal token deployed for the pools. */
  readonly dollar: Address;
  /**
   * The pools seeded at deployment, by pair: v2 LDT/WETH (2 000 LDT per ETH), v3 0.3 % LDT/LUSD
   * (1 LUSD per LDT) and v3 0.05 % LUSD/WETH (2 000 LUSD per ETH).
   */
  readonly pools: {
    readonly v2: readonly { readonly pair: Address; readonly tokens: readonly [Address, Address] }[];
    readonly v3: readonly { readonly pool: Address; readonly fee: number; readonly tokens: readonly [Address, Address] }[];
  };
}

export interface UniswapDeploymentOptions {
  /** The LDT demo token (from `startAnvil().contracts.token`). */
  readonly token: Address;
  /** Accounts that receive LUSD (default: accounts 0..3 as for LDT). The deployer must hold LDT and ETH for the seeds. */
  readonly holders?: readonly Address[];
}

type Wallet = AnvilWalletClient;

async function mined(wallet: Wallet, hash: Hash, what: string): Promise<void> {
  const receipt = await wallet.waitForTransactionReceipt({ hash });
  if (receipt.status === 'success') return;
  // Replay it on the state it ran on, for the contract's own reason (a revert string or custom error).
  const tx = await wallet.getTransaction({ hash });
  const reason = await wallet
    .call({ account: tx.from, to: tx.to, data: tx.input, value: tx.value, blockNumber: receipt.blockNumber - 1n })
    .then(
      () => 'the replay succeeded',
      (error: unknown) => (error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error)),
    );
  throw new Error(`${what} failed (tx ${hash}, block ${receipt.blockNumber}, gas used ${receipt.gasUsed} of ${tx.gas}): ${reason}`);
}

async function deploy(wallet: Wallet, contract: CompiledContract, args: readonly unknown[], what: string): Promise<Address> {
  const hash = await wallet.deployContract({ abi: contract.abi, bytecode: contract.bytecode, args: args as never });
  return deployedAddress(wallet, hash, what);
}

async function write(wallet: Wallet, address: Address, abi: Abi, functionName: string, args: readonly unknown[], value?: bigint) {
  const call = { address, abi, functionName, args, ...(value ? { value } : {}) } as never;
  // The estimate plus a quarter: a pool's gas can change between the estimate and the block (a new price
  // observation once the block's time moved on), and an exact limit then runs out inside the call.
  const estimate = await wallet.estimateContractGas(call);
  const hash = await wallet.writeContract({ ...(call as object), gas: estimate + estimate / 4n } as never);
  await mined(wallet, hash, functionName);
}

function bigintSqrt(value: bigint): bigint {
  if (value < 2n) return value;
  let x = value;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + value / x) / 2n;
  }
  return x;
}

/** Uniswap v3's sqrtPriceX96 for a pool holding `amount0` of token0 against `amount1` of token1 (raw units). */
export function sqrtPriceX96(amount0: bigint, amount1: bigint): bigint {
  return bigintSqrt((amount1 << 192n) / amount0);
}

const ERC20_APPROVE = [
  {
    type: 'function',
    name: 'approve',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ type: 'bool' }],
  },
] as const satisfies Abi;

/**
 * Deploys WETH9, Uniswap v2 (factory, Router02) and v3 (factory, SwapRouter, SwapRouter02, QuoterV2,
 * NonfungiblePositionManager) from their npm artifacts with `deployer`, a 6-decimal LUSD token, and
 * seeds three pools with the deployer's LDT, LUSD and ETH. Deterministic on a fresh anvil.
 */
export async function deployUniswap(
  rpcUrl: string,
  chainId: number,
  deployer: AnvilAccount,
  options: UniswapDeploymentOptions,
): Promise<UniswapDeployment> {
  const wallet = anvilWalletClient(rpcUrl, chainId, deployer);
  const ldt = options.token;
  const weth = await deploy(wallet, loadUniswapArtifact('WETH9'), [], 'WETH9');
  const v2Factory = await deploy(wallet, loadUniswapArtifact('UniswapV2Factory'), [deployer.address], 'UniswapV2Factory');
  const router = loadUniswapArtifact('UniswapV2Router02');
  const v2Router = await deploy(wallet, router, [v2Factory, weth], 'UniswapV2Router02');
  const v3Factory = await deploy(wallet, loadUniswapArtifact('UniswapV3Factory'), [], 'UniswapV3Factory');
  const swapRouter = await deploy(wallet, loadUniswapArtifact('SwapRouter'), [v3Factory, weth], 'SwapRouter');
  const quoter = await deploy(wallet, loadUniswapArtifact('QuoterV2'), [v3Factory, weth], 'QuoterV2');
  const manager = loadUniswapArtifact('NonfungiblePositionManager');
  // The token descriptor only renders position NFTs' metadata, which nothing here reads: any address will do.
  const positionManager = await deploy(wallet, manager, [v3Factory, weth, deployer.address], 'NonfungiblePositionManager');
  const swapRouter02 = await deploy(
    wallet,
    loadUniswapArtifact('SwapRouter02'),
    [v2Factory, v3Factory, positionManager, weth],
    'SwapRouter02',
  );

  const everyone = options.holders ?? [deployer.address, ...(await defaultHolders(rpcUrl, deployer.address))];
  const dollarContract = await loadCompiledContract('LatchSwapToken');
  const units = parseUnits(String(SWAP_DEMO_TOKEN_BALANCE), SWAP_DEMO_TOKEN.decimals);
  const dollar = await deploy(
    wallet,
    dollarContract,
    [SWAP_DEMO_TOKEN.name, SWAP_DEMO_TOKEN.symbol, SWAP_DEMO_TOKEN.decimals, everyone, everyone.map(() => units)],
    SWAP_DEMO_TOKEN.name,
  );

  // WETH for the v3 pool, then unlimited allowances for the routers that pull the seeds.
  await write(
    wallet,
    weth,
    [{ type: 'function', name: 'deposit', stateMutability: 'payable', inputs: [], outputs: [] }],
    'deposit',
    [],
    parseEther('100'),
  );
  for (const token of [ldt, dollar, weth]) {
    for (const spender of [v2Router, positionManager]) await write(wallet, token, ERC20_APPROVE, 'approve', [spender, maxUint256]);
  }

  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
  // v2 LDT/ETH: 100 000 LDT against 50 ETH.
  await write(
    wallet,
    v2Router,
    router.abi,
    'addLiquidityETH',
    [ldt, parseEther('100000'), 0n, 0n, deployer.address, deadline],
    parseEther('50'),
  );
  const pairAddress = (await wallet.readContract({
    address: v2Factory,
    abi: loadUniswapArtifact('UniswapV2Factory').abi,
    functionName: 'getPair',
    args: [ldt, weth],
  })) as Address;

  const seeds = [
    { fee: 3000, a: ldt, amountA: parseEther('100000'), b: dollar, amountB: parseUnits('100000', 6) },
    { fee: 500, a: dollar, amountA: parseUnits('100000', 6), b: weth, amountB: parseEther('50') },
  ];
  const v3Pools: { pool: Address; fee: number; tokens: readonly [Address, Address] }[] = [];
  for (const seed of seeds) {
    const [token0, amount0, token1, amount1] =
      BigInt(seed.a) < BigInt(seed.b) ? [seed.a, seed.amountA, seed.b, seed.amountB] : [seed.b, seed.amountB, seed.a, seed.amountA];
    const spacing = TICK_SPACING[seed.fee] ?? 60;
    const maxTick = Math.floor(887272 / spacing) * spacing;
    await write(wallet, positionManager, manager.abi, 'createAndInitializePoolIfNecessary', [
      token0,
      token1,
      seed.fee,
      sqrtPriceX96(amount0, amount1),
    ]);
    await write(wallet, positionManager, manager.abi, 'mint', [
      {
        token0,
        token1,
        fee: seed.fee,
        tickLower: -maxTick,
        tickUpper: maxTick,
        amount0Desired: amount0,
        amount1Desired: amount1,
        amount0Min: 0n,
        amount1Min: 0n,
        recipient: deployer.address,
        deadline,
      },
    ]);
    const pool = (await wallet.readContract({
      address: v3Factory,
      abi: loadUniswapArtifact('UniswapV3Factory').abi,
      functionName: 'getPool',
      args: [token0, token1, seed.fee],
    })) as Address;
    v3Pools.push({ pool, fee: seed.fee, tokens: [token0, token1] });
  }
  await startPriceOracle(wallet, rpcUrl, pairAddress);

  return {
    weth,
    v2: { factory: v2Factory, router: v2Router },
    v3: { factory: v3Factory, swapRouter, swapRouter02, quoter, positionManager },
    dollar,
    pools: { v2: [{ pair: pairAddress, tokens: [ldt, weth] }], v3: v3Pools },
  };
}

const V2_PAIR_ORACLE = [
  { type: 'function', name: 'sync', stateMutability: 'nonpayable', inputs: [], outputs: [] },
  { type: 'function', name: 'price0CumulativeLast', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint256' }] },
] as const satisfies Abi;

/**
 * Writes the v2 pair's first price accumulators, as every pool on a live network has them. A fresh pair's are zero
 * until a block later than its first liquidity touches it, and that first write (two storage slots from zero) adds
 * about 40 000 gas to whichever transaction does it. A wallet estimates a swap in the pool's own second (nothing to
 * write) and the block lands in the next one: the swap then runs out of the estimate plus a quarter and is mined
 * reverted (seen in the swap tests on a loaded machine). After this, a swap's write is the same two slots from
 * non-zero values, a few thousand gas either way. `sync` only re-reads the pair's balances. It is estimated and sent
 * once the node's own clock has passed the liquidity's second (empty blocks are mined until one is stamped later), so
 * its estimate already holds that first write: estimated in that second, it ran out of gas the same way when its block
 * landed in the next (seen once). The node's clock, not this machine's: anvil's can lag it by a second (it was seen
 * stamping the sync in the liquidity's second after this machine's clock had passed it, leaving the record unstarted).
 */
async function startPriceOracle(wallet: Wallet, rpcUrl: string, pair: Address): Promise<void> {
  const { timestamp: liquidityTime } = await wallet.getBlock();
  for (;;) {
    await jsonRpcRequest(rpcUrl, 'evm_mine', []);
    if ((await wallet.getBlock()).timestamp > liquidityTime) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await write(wallet, pair, V2_PAIR_ORACLE, 'sync', []);
  if ((await wallet.readContract({ address: pair, abi: V2_PAIR_ORACLE, functionName: 'price0CumulativeLast' })) === 0n) {
    throw new Error(`The v2 pair ${pair} recorded no price: its accumulators are still zero after a sync in a later second`);
  }
}

/** Accounts 1..3 of the node (the LDT side holders), read from `eth_accounts`. */
async function defaultHolders(rpcUrl: string, deployer: Address): Promise<Address[]> {
  const result = (await jsonRpcRequest(rpcUrl, 'eth_accounts', [])) as Address[] | null;
  return (result ?? []).filter((address) => address.toLowerCase() !== deployer.toLowerCase()).slice(0, 3);
}
