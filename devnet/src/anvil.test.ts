import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import {
  createPublicClient,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  getAddress,
  http,
  multicall3Abi,
  parseEther,
  parseUnits,
  size,
  type Address,
} from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilFixture } from './anvil.js';
import { jsonRpcRequest } from '@latch/testkit';
import { MULTICALL3_ADDRESS } from './anvil/multicall3Deployment.js';
import { devnetRoot } from './packageFiles.js';

function portAcceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('startAnvil with the demo contracts', () => {
  let anvil: AnvilFixture;
  let client: ReturnType<typeof createPublicClient>;

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createPublicClient({ transport: http(anvil.rpcUrl) });
  });
  afterAll(() => anvil?.stop());

  it('serves chain 31337 on 127.0.0.1', async () => {
    expect(anvil.rpcUrl).toBe(`http://127.0.0.1:${anvil.port}`);
    expect(anvil.chainId).toBe(31337);
    expect(await client.getChainId()).toBe(31337);
  });

  it('lists the ten dev accounts, checksummed, with keys that match and anvil unlocks', async () => {
    expect(anvil.accounts).toHaveLength(10);
    expect(anvil.accounts[0]?.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    const unlocked = ((await jsonRpcRequest(anvil.rpcUrl, 'eth_accounts')) as Address[]).map((address) => getAddress(address));
    expect(anvil.accounts.map((account) => account.address)).toEqual(unlocked);
    for (const account of anvil.accounts) {
      expect(getAddress(account.address)).toBe(account.address);
      expect(privateKeyToAddress(account.privateKey)).toBe(account.address);
    }
  });

  it('funds every account with 10,000 ETH (account 0 paid the deployments)', async () => {
    const balances = await Promise.all(anvil.accounts.map((account) => client.getBalance({ address: account.address })));
    expect(balances.slice(1)).toEqual(Array(9).fill(parseEther('10000')));
    expect(balances[0]).toBeLessThan(parseEther('10000'));
    expect(balances[0]).toBeGreaterThan(parseEther('9999'));
  });

  it('deploys Multicall3 at its canonical address from the presigned transaction', async () => {
    expect(anvil.contracts.multicall3).toBe(MULTICALL3_ADDRESS);
    const code = await client.getCode({ address: MULTICALL3_ADDRESS });
    expect(code && size(code)).toBe(0xee0);
  });

  it('answers an aggregate3 call that mixes a success and an allowed failure', async () => {
    const { token, nft } = anvil.contracts;
    const results = await client.readContract({
      address: MULTICALL3_ADDRESS,
      abi: multicall3Abi,
      functionName: 'aggregate3',
      args: [
        [
          { target: token, allowFailure: false, callData: encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' }) },
          { target: nft, allowFailure: true, callData: encodeFunctionData({ abi: erc721Abi, functionName: 'ownerOf', args: [99n] }) },
        ],
      ],
    });
    expect(results[0]?.success).toBe(true);
    expect(decodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', data: results[0]!.returnData })).toBe('LDT');
    expect(results[1]?.success).toBe(false);
  });

  it('deploys the LDT token with 18 decimals and the demo balances', async () => {
    const read = <const F extends 'name' | 'symbol' | 'decimals' | 'totalSupply'>(functionName: F) =>
      client.readContract({ address: anvil.contracts.token, abi: erc20Abi, functionName });
    expect(await read('name')).toBe('Latch Demo Token');
    expect(await read('symbol')).toBe('LDT');
    expect(await read('decimals')).toBe(18);
    expect(await read('totalSupply')).toBe(parseUnits('1003000', 18));
    const balances = await Promise.all(
      anvil.accounts
        .slice(0, 5)
        .map((account) =>
          client.readContract({ address: anvil.contracts.token, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] }),
        ),
    );
    expect(balances).toEqual([parseUnits('1000000', 18), parseUnits('1000', 18), parseUnits('1000', 18), parseUnits('1000', 18), 0n]);
  });

  it('deploys the LNFT collection: tokens 1..3 owned by account 0, with data: metadata and an inline SVG', async () => {
    const nft = { address: anvil.contracts.nft, abi: erc721Abi } as const;
    expect(await client.readContract({ ...nft, functionName: 'name' })).toBe('Latch Demo NFT');
    expect(await client.readContract({ ...nft, functionName: 'symbol' })).toBe('LNFT');
    for (const tokenId of [1n, 2n, 3n]) {
      expect(await client.readContract({ ...nft, functionName: 'ownerOf', args: [tokenId] })).toBe(anvil.accounts[0]?.address);
    }
    await expect(client.readContract({ ...nft, functionName: 'ownerOf', args: [4n] })).rejects.toThrow();

    const uri = await client.readContract({ ...nft, functionName: 'tokenURI', args: [2n] });
    const jsonPrefix = 'data:application/json;base64,';
    expect(uri.startsWith(jsonPrefix)).toBe(true);
    const metadata = JSON.parse(Buffer.from(uri.slice(jsonPrefix.length), 'base64').toString('utf8')) as Record<string, string>;
    expect(metadata.name).toBe('Latch Demo NFT #2');
    const svgPrefix = 'data:image/svg+xml;base64,';
    expect(metadata.image?.startsWith(svgPrefix)).toBe(true);
    const svg = Buffer.from(metadata.image!.slice(svgPrefix.length), 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg".*#2.*<\/svg>$/);
  });
});

describe('startAnvil lifecycle', () => {
  it('honours chainId and deploy: false', async () => {
    const anvil = await startAnvil({ chainId: 1337, deploy: false });
    try {
      const client = createPublicClient({ transport: http(anvil.rpcUrl) });
      expect(await client.getChainId()).toBe(1337);
      expect(await client.getCode({ address: MULTICALL3_ADDRESS })).toBeUndefined();
      expect('contracts' in anvil).toBe(false);
    } finally {
      await anvil.stop();
    }
  });

  it('runs two fixtures in parallel on different ports, and stop() frees the port', async () => {
    const [first, second] = await Promise.all([startAnvil({ deploy: false }), startAnvil({ deploy: false })]);
    try {
      expect(first.port).not.toBe(second.port);
      expect(await portAcceptsConnections(first.port)).toBe(true);
      await first.stop();
      await first.stop();
      expect(await portAcceptsConnections(first.port)).toBe(false);
      expect(await portAcceptsConnections(second.port)).toBe(true);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });

  it('listens on a requested fixed port, and refuses one that is taken', async () => {
    const free = await startAnvil({ deploy: false });
    const port = free.port;
    await free.stop();
    const fixed = await startAnvil({ deploy: false, port });
    try {
      expect(fixed.port).toBe(port);
      expect(fixed.rpcUrl).toBe(`http://127.0.0.1:${port}`);
      await expect(startAnvil({ deploy: false, port })).rejects.toThrow();
    } finally {
      await fixed.stop();
    }
  });

  // The built entry (dist/index.js) runs in a child Node process so its exit paths can be exercised.
  for (const ending of ['process.exit', 'SIGTERM'] as const) {
    it(`does not outlive the Node process that started it (${ending})`, async () => {
      const entry = join(devnetRoot(), 'dist', 'index.js');
      const script = `
        const { startAnvil } = await import(${JSON.stringify(entry)});
        const anvil = await startAnvil({ deploy: false });
        console.log('port=' + anvil.port);
        process.stdin.once('data', () => process.exit(0));
      `;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
      try {
        const port = await new Promise<number>((resolve, reject) => {
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => {
            output += chunk.toString('utf8');
            const match = /port=(\d+)/.exec(output);
            if (match) resolve(Number(match[1]));
          });
          child.once('exit', (code) => reject(new Error(`child exited (${code}) before reporting a port: ${output}`)));
        });
        expect(await portAcceptsConnections(port)).toBe(true);
        if (ending === 'SIGTERM') child.kill('SIGTERM');
        else child.stdin.write('exit\n');
        await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
        // The OS closes the listening socket only once anvil is gone.
        await expect.poll(() => portAcceptsConnections(port)).toBe(false);
      } finally {
        child.kill('SIGKILL');
      }
    });
  }
});
