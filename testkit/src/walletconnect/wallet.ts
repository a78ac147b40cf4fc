import type { IWalletKit, WalletKitTypes } from '@reown/walletkit';
import { createKeyPairSignerFromPrivateKeyBytes, getBase16Encoder, type KeyPairSigner } from '@solana/kit';
import type { SessionTypes } from '@walletconnect/types';
import { privateKeyToAccount } from 'viem/accounts';
import { LOCAL_SOLANA_CAIP_NETWORK_ID } from '../solana/localNetwork.js';
import { MemoryKeyValueStorage } from './memoryStorage.js';
import { createWalletNamespaces } from './walletNamespaces.js';
import { answerEvmRequest, EVM_EVENTS, EVM_METHODS } from './walletEvm.js';
import { WalletRequestError } from './walletRequestError.js';
import { answerSolanaRequest, SOLANA_METHODS } from './walletSolana.js';
import type {
  WalletConnectWallet,
  WalletConnectWalletBehaviour,
  WalletConnectWalletOptions,
  WalletConnectWalletProposal,
  WalletConnectWalletRequest,
} from './walletTypes.js';

let instanceCount = 0;

function solanaSigner(secretKey: string | Uint8Array): Promise<KeyPairSigner> {
  if (typeof secretKey === 'string') {
    const hex = secretKey.replace(/^0x/i, '');
    if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('WalletConnect test wallet: solana.secretKey must be 32 bytes of hex');
    return createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(getBase16Encoder().encode(hex.toLowerCase())));
  }
  if (secretKey.length !== 32 && secretKey.length !== 64) {
    throw new Error('WalletConnect test wallet: solana.secretKey must be 32 (seed) or 64 (seed + public key) bytes');
  }
  return createKeyPairSignerFromPrivateKeyBytes(secretKey.slice(0, 32));
}

function chainNumber(caipChainId: string): number {
  return Number(caipChainId.split(':')[1]);
}

/** The JSON-RPC error a dapp receives; WalletConnect's ErrorResponse carries `data` as a string. */
function errorPayload(error: unknown): { code: number; message: string; data?: string } {
  if (!(error instanceof WalletRequestError)) return { code: -32603, message: error instanceof Error ? error.message : String(error) };
  if (error.data === undefined) return { code: error.code, message: error.message };
  return { code: error.code, message: error.message, data: typeof error.data === 'string' ? error.data : JSON.stringify(error.data) };
}

/**
 * A WalletConnect wallet in Node on @reown/walletkit with real keys (viem for eip155, ed25519 via @solana/kit for
 * solana): it approves proposals for the chains it has RPCs for, answers signing requests and sends transactions to
 * anvil and the local Solana RPC. Only the relay socket and those RPCs are contacted: IS_VITEST turns off the SDKs'
 * pulse (analytics) and Verify calls, telemetry is off, and its state lives in memory.
 */
export async function startWalletConnectWallet(options: WalletConnectWalletOptions): Promise<WalletConnectWallet> {
  if (!/^wss?:\/\/[^/]/.test(String(options.relayUrl))) {
    throw new Error(`WalletConnect test wallet: relayUrl must be a ws:// or wss:// URL, got ${String(options.relayUrl)}`);
  }
  if (!/^0x[0-9a-fA-F]{64}$/.test(String(options.evm?.privateKey))) {
    throw new Error('WalletConnect test wallet: evm.privateKey must be 32 bytes of 0x-prefixed hex');
  }
  const evmChains = Object.keys(options.evm.rpcUrls).map(Number);
  if (evmChains.length === 0 || evmChains.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
    throw new Error('WalletConnect test wallet: evm.rpcUrls needs at least one positive integer chain id');
  }
  let account = privateKeyToAccount(options.evm.privateKey);
  const signer = options.solana ? await solanaSigner(options.solana.secretKey) : undefined;
  const solanaChain = options.solana?.chainId ?? LOCAL_SOLANA_CAIP_NETWORK_ID;
  const extraNamespaces = await createWalletNamespaces(options);
  const behaviour: WalletConnectWalletBehaviour = {
    rejectProposal: false,
    rejectRequests: false,
    ignoreRequests: false,
    holdProposals: false,
    ...options.behaviour,
  };
  const requests: WalletConnectWalletRequest[] = [];
  const errors: Error[] = [];

  // The SDKs skip their analytics (pulse) and Verify requests only in a "test run"; set before they load.
  process.env.IS_VITEST = 'true';
  const [{ Core }, { WalletKit }, { buildApprovedNamespaces, getSdkError }] = await Promise.all([
    import('@walletconnect/core'),
    import('@reown/walletkit'),
    import('@walletconnect/utils'),
  ]);
  // A distinct prefix per wallet: Core keeps one global instance per prefix.
  const customStoragePrefix = `latch-walletconnect-wallet-${++instanceCount}-${Date.now()}`;
  const core = new Core({
    projectId: 'latch-local',
    relayUrl: options.relayUrl,
    customStoragePrefix,
    storage: new MemoryKeyValueStorage(),
    telemetryEnabled: false,
    logger: options.logLevel ?? 'silent',
  });
  const walletKit: IWalletKit = await WalletKit.init({
    core,
    metadata: {
      name: 'Latch WalletConnect test wallet',
      description: 'Test wallet',
      url: 'http://127.0.0.1',
      icons: [],
      ...options.metadata,
    },
  });

  const evmAccounts = () => evmChains.map((id) => `eip155:${id}:${account.address}`);
  const supportedNamespaces = () => ({
    eip155: { chains: evmChains.map((id) => `eip155:${id}`), methods: [...EVM_METHODS], events: [...EVM_EVENTS], accounts: evmAccounts() },
    ...(signer
      ? { solana: { chains: [solanaChain], methods: [...SOLANA_METHODS], events: [], accounts: [`${solanaChain}:${signer.address}`] } }
      : {}),
    ...Object.fromEntries(
      extraNamespaces.map((each) => [
        each.namespace,
        { chains: [...each.chains], methods: [...each.methods], events: [...each.events], accounts: each.accounts() },
      ]),
    ),
  });

  const sessionWaiters: ((session: SessionTypes.Struct) => void)[] = [];

  const proposals: WalletConnectWalletProposal[] = [];
  const held = new Map<number, WalletKitTypes.SessionProposal>();

  function onProposal(proposal: WalletKitTypes.SessionProposal): Promise<SessionTypes.Struct | undefined> {
    const { params, verifyContext } = proposal;
    proposals.push({
      id: proposal.id,
      pairingTopic: params.pairingTopic,
      metadata: params.proposer.metadata,
      expiryTimestamp: params.expiryTimestamp,
      verifyContext: {
        validation: verifyContext.verified.validation,
        origin: verifyContext.verified.origin,
        verifyUrl: verifyContext.verified.verifyUrl,
      },
    });
    if (!behaviour.holdProposals) return answerProposal(proposal);
    held.set(proposal.id, proposal);
    return Promise.resolve(undefined);
  }

  /** Approves the proposal (or rejects it per behaviour, or when it asks for nothing the wallet has). */
  async function answerProposal(proposal: WalletKitTypes.SessionProposal): Promise<SessionTypes.Struct | undefined> {
    if (behaviour.rejectProposal) {
      await walletKit.rejectSession({ id: proposal.id, reason: getSdkError('USER_REJECTED') });
      return undefined;
    }
    let namespaces: SessionTypes.Namespaces = {};
    try {
      namespaces = buildApprovedNamespaces({ proposal: proposal.params, supportedNamespaces: supportedNamespaces() });
    } catch {
      // A required namespace or chain the wallet lacks: handled below like an empty approval.
    }
    if (Object.keys(namespaces).length === 0) {
      await walletKit.rejectSession({ id: proposal.id, reason: getSdkError('UNSUPPORTED_CHAINS') });
      return undefined;
    }
    const session = await walletKit.approveSession({ id: proposal.id, namespaces });
    for (const resolve of sessionWaiters.splice(0)) resolve(session);
    return session;
  }
  walletKit.on('session_proposal', (proposal) => {
    onProposal(proposal).catch((error: unknown) => errors.push(error instanceof Error ? error : new Error(String(error))));
  });

  async function updateEveryEvmSession(update: (namespace: SessionTypes.Namespace) => SessionTypes.Namespace): Promise<void> {
    for (const session of Object.values(walletKit.getActiveSessions())) {
      const eip155 = session.namespaces.eip155;
      if (!eip155) continue;
      const namespaces = { ...session.namespaces, eip155: update(eip155) };
      const { acknowledged } = await walletKit.updateSession({ topic: session.topic, namespaces });
      await acknowledged();
    }
  }

  async function switchChain(chainId: number): Promise<void> {
    if (!options.evm.rpcUrls[chainId]) throw new Error(`WalletConnect test wallet: chain ${chainId} has no rpcUrl`);
    const caip = `eip155:${chainId}`;
    await updateEveryEvmSession((namespace) =>
      namespace.chains?.includes(caip)
        ? namespace
        : { ...namespace, chains: [...(namespace.chains ?? []), caip], accounts: [...namespace.accounts, `${caip}:${account.address}`] },
    );
    for (const session of Object.values(walletKit.getActiveSessions())) {
      if (!session.namespaces.eip155) continue;
      await walletKit.emitSessionEvent({ topic: session.topic, event: { name: 'chainChanged', data: chainId }, chainId: caip });
    }
  }

  async function answer(request: WalletConnectWalletRequest): Promise<unknown> {
    const [namespace] = request.chainId.split(':');
    if (namespace === 'eip155') {
      return answerEvmRequest(
        {
          account,
          chainId: chainNumber(request.chainId),
          rpcUrlOf: (id) => options.evm.rpcUrls[id],
          rejectSigning: behaviour.rejectRequests,
          switchChain,
        },
        request.method,
        request.params,
      );
    }
    if (namespace === 'solana' && signer && options.solana && request.chainId === solanaChain) {
      return answerSolanaRequest(
        { signer, rpcUrl: options.solana.rpcUrl, rejectSigning: behaviour.rejectRequests },
        request.method,
        request.params,
      );
    }
    const extra = extraNamespaces.find((each) => each.namespace === namespace && each.chains.includes(request.chainId));
    if (extra) return extra.answer(request, { rejectSigning: behaviour.rejectRequests });
    throw new WalletRequestError(5100, `Unsupported chains. ${request.chainId}`);
  }

  async function onRequest(event: WalletKitTypes.SessionRequest): Promise<void> {
    const request: WalletConnectWalletRequest = {
      topic: event.topic,
      id: event.id,
      chainId: event.params.chainId,
      method: event.params.request.method,
      params: event.params.request.params,
    };
    requests.push(request);
    if (behaviour.ignoreRequests) return;
    try {
      const result = await answer(request);
      request.response = { result };
      await walletKit.respondSessionRequest({ topic: event.topic, response: { id: event.id, jsonrpc: '2.0', result } });
    } catch (error) {
      const payload = errorPayload(error);
      request.response = { error: { code: payload.code, message: payload.message } };
      await walletKit.respondSessionRequest({ topic: event.topic, response: { id: event.id, jsonrpc: '2.0', error: payload } });
    }
  }
  walletKit.on('session_request', (event) => {
    onRequest(event).catch((error: unknown) => errors.push(error instanceof Error ? error : new Error(String(error))));
  });

  return {
    get evmAddress() {
      return account.address;
    },
    solanaAddress: signer?.address,
    get addresses() {
      return Object.fromEntries(extraNamespaces.map((each) => [each.namespace, each.address]));
    },
    async pair(uri) {
      await walletKit.pair({ uri });
    },
    proposals,
    async approveProposal(id) {
      const proposal = held.get(id);
      if (!proposal) throw new Error(`WalletConnect test wallet: no held proposal ${id}`);
      held.delete(id);
      const session = await answerProposal(proposal);
      if (!session) throw new Error(`WalletConnect test wallet: proposal ${id} was rejected`);
      return session;
    },
    pairings: () => walletKit.core.pairing.getPairings().map((pairing) => pairing.topic),
    nextSession: () => new Promise((resolve) => sessionWaiters.push(resolve)),
    sessions: () => Object.values(walletKit.getActiveSessions()),
    async disconnect(topic) {
      const topics = topic === undefined ? Object.keys(walletKit.getActiveSessions()) : [topic];
      for (const each of topics) {
        try {
          await walletKit.disconnectSession({ topic: each, reason: getSdkError('USER_DISCONNECTED') });
        } catch (error) {
          // A session the dapp ended while this ran ("Record was recently deleted") is gone either way.
          if (topic !== undefined || walletKit.getActiveSessions()[each]) throw error;
        }
      }
    },
    switchChain,
    async switchNamespaceAccount(namespace, secret) {
      const extra = extraNamespaces.find((each) => each.namespace === namespace);
      if (!extra?.switchAccount) throw new Error(`WalletConnect test wallet: it cannot switch accounts on ${namespace}`);
      const address = await extra.switchAccount(secret);
      for (const session of Object.values(walletKit.getActiveSessions())) {
        const approved = session.namespaces[namespace];
        if (!approved) continue;
        const namespaces = { ...session.namespaces, [namespace]: { ...approved, accounts: extra.accounts() } };
        const { acknowledged } = await walletKit.updateSession({ topic: session.topic, namespaces });
        await acknowledged();
        const event = extra.accountEvent?.();
        if (event && approved.events.includes(event.name)) {
          await walletKit.emitSessionEvent({ topic: session.topic, event, chainId: approved.chains?.[0] ?? extra.chains[0] ?? '' });
        }
      }
      return address;
    },
    async emitAccountsChanged(privateKey) {
      account = privateKeyToAccount(privateKey);
      await updateEveryEvmSession((namespace) => ({
        ...namespace,
        accounts: (namespace.chains ?? []).map((chain) => `${chain}:${account.address}`),
      }));
      for (const session of Object.values(walletKit.getActiveSessions())) {
        const chain = session.namespaces.eip155?.chains?.[0];
        if (!chain) continue;
        await walletKit.emitSessionEvent({
          topic: session.topic,
          event: { name: 'accountsChanged', data: [account.address] },
          chainId: chain,
        });
      }
      return account.address;
    },
    setBehaviour(next) {
      Object.assign(behaviour, next);
    },
    requests,
    errors,
    async close() {
      core.heartbeat.stop();
      await core.relayer.transportClose();
    },
  };
}
