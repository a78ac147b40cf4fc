import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Address, createPublicClient, encodeAbiParameters, type Hex, http, isAddressEqual, numberToHex } from 'viem';
import { formatUserOperation, type RpcUserOperation, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction';
import { privateKeyToAccount } from 'viem/accounts';
import { readBodyUpTo } from '@latch/testkit';
import { loadErc4337Artifact } from './erc4337Deployment.js';

export interface PaymasterServerOptions {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly entryPoint: Address;
  /** The VerifyingPaymaster this server signs for. */
  readonly paymaster: Address;
  /** The key of the paymaster's `verifyingSigner`. */
  readonly signerKey: Hex;
  /** How long a sponsorship stays valid, in seconds from the chain's latest block. Default 3600. */
  readonly validForSeconds?: number;
}

export interface PaymasterServer {
  /** `http://127.0.0.1:<port>`: an ERC-7677 paymaster web service (`pm_getPaymasterStubData`, `pm_getPaymasterData`). */
  readonly url: string;
  /** How many sponsorships it signed so far. */
  signedCount(): number;
  stop(): Promise<void>;
}

/** The gas the VerifyingPaymaster's validation gets (it recovers one signature); it has no postOp. */
const PAYMASTER_VERIFICATION_GAS = 100_000n;
const PAYMASTER_POST_OP_GAS = 0n;
const MAX_BODY_BYTES = 256 * 1024;

class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'content-type',
  });
  response.end(JSON.stringify(body));
}

/**
 * A sponsoring paymaster service on 127.0.0.1 for the VerifyingPaymaster: it sponsors every UserOperation for its
 * EntryPoint and chain, signing `getHash(userOp, validUntil, validAfter)` (read from the contract itself) with the
 * verifying signer, in the ERC-7677 wire format viem's paymaster client speaks.
 */
export async function startPaymasterServer(options: PaymasterServerOptions): Promise<PaymasterServer> {
  const signer = privateKeyToAccount(options.signerKey);
  const client = createPublicClient({ transport: http(options.rpcUrl, { retryCount: 0 }) });
  const { abi } = loadErc4337Artifact('VerifyingPaymaster');
  const validFor = BigInt(options.validForSeconds ?? 3600);
  // A well-formed signature by another key over another hash: the contract recovers an address that is not its signer
  // and reports a signature failure instead of reverting, which is what gas estimation needs.
  const stubSignature = await privateKeyToAccount(`0x${'11'.repeat(32)}`).signMessage({ message: 'latch paymaster stub' });
  let signed = 0;

  const checkTarget = (params: unknown[]): RpcUserOperation => {
    const [userOperation, entryPoint, chainId] = params as [RpcUserOperation | undefined, unknown, unknown];
    if (!userOperation || typeof userOperation !== 'object') throw new RpcFailure(-32602, 'the first parameter must be a UserOperation');
    if (typeof entryPoint !== 'string' || !isAddressEqual(entryPoint as Address, options.entryPoint)) {
      throw new RpcFailure(-32602, `this paymaster serves EntryPoint ${options.entryPoint} only`);
    }
    if (typeof chainId !== 'string' || BigInt(chainId) !== BigInt(options.chainId)) {
      throw new RpcFailure(-32602, `this paymaster serves chain ${options.chainId} only`);
    }
    return userOperation;
  };

  const paymasterData = async (rpcOperation: RpcUserOperation): Promise<Hex> => {
    const operation = formatUserOperation(rpcOperation) as UserOperation<'0.7'>;
    const block = await client.getBlock();
    const validUntil = Number(block.timestamp + validFor);
    const validAfter = 0;
    const packed = toPackedUserOperation({
      ...operation,
      paymaster: options.paymaster,
      paymasterData: '0x',
      paymasterVerificationGasLimit: operation.paymasterVerificationGasLimit ?? PAYMASTER_VERIFICATION_GAS,
      paymasterPostOpGasLimit: operation.paymasterPostOpGasLimit ?? PAYMASTER_POST_OP_GAS,
      signature: '0x',
    });
    const hash = (await client.readContract({
      address: options.paymaster,
      abi,
      functionName: 'getHash',
      args: [packed, validUntil, validAfter],
    })) as Hex;
    const signature = await signer.signMessage({ message: { raw: hash } });
    signed += 1;
    return `${encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, validAfter])}${signature.slice(2)}` as Hex;
  };

  const answer = async (method: unknown, params: unknown[]): Promise<unknown> => {
    if (method === 'pm_getPaymasterStubData') {
      checkTarget(params);
      return {
        paymaster: options.paymaster,
        paymasterData: `${encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [0, 0])}${stubSignature.slice(2)}`,
        paymasterVerificationGasLimit: numberToHex(PAYMASTER_VERIFICATION_GAS),
        paymasterPostOpGasLimit: numberToHex(PAYMASTER_POST_OP_GAS),
        sponsor: { name: 'Latch local paymaster' },
        isFinal: false,
      };
    }
    if (method === 'pm_getPaymasterData') {
      const operation = checkTarget(params);
      return { paymaster: options.paymaster, paymasterData: await paymasterData(operation) };
    }
    throw new RpcFailure(-32601, `the method ${String(method)} does not exist on this paymaster service`);
  };

  const server = createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      send(response, 204, null);
      return;
    }
    if (request.method !== 'POST') {
      send(response, 405, { error: 'POST a JSON-RPC request' });
      return;
    }
    void (async () => {
      const text = await readBodyUpTo(request, MAX_BODY_BYTES);
      if (text === undefined) {
        send(response, 413, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'request too large' } });
        return;
      }
      let body: { id?: unknown; method?: unknown; params?: unknown };
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        send(response, 200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'the body is not JSON' } });
        return;
      }
      const id = body.id ?? null;
      try {
        const result = await answer(body.method, Array.isArray(body.params) ? body.params : []);
        send(response, 200, { jsonrpc: '2.0', id, result });
      } catch (error) {
        const code = error instanceof RpcFailure ? error.code : -32603;
        send(response, 200, { jsonrpc: '2.0', id, error: { code, message: error instanceof Error ? error.message : String(error) } });
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    signedCount: () => signed,
    stop() {
      closing ??= new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      return closing;
    },
  };
}
