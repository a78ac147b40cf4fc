import { ProviderRpcError, requestApproved, type SessionChannel } from './channel.js';
import type { BridgeFactory } from './bridges.js';
import { createListeners } from './listeners.js';
import type { WalletConnectNamespace } from './settings.js';

/*
 * The bridge of a namespace the connector has no bridge of its own for (a third-party adapter's, declared with the
 * connector's `extraNamespaces` option): the adapter gets a small provider that forwards `request({ method, params })`
 * to the wallet as a session request on the namespace's chain, and hands it the wallet's session events by name.
 */

/** A session event's listener: the event's data, and the CAIP-2 chain the wallet sent it on. */
export type NamespaceEventListener = (data: unknown, chainId: string) => void;

/** What the adapter of an extra namespace gets as its connector's `provider`. */
export interface WalletConnectNamespaceProvider {
  readonly isWalletConnect: true;
  /** The CAIP-2 namespace, e.g. 'toy'. */
  readonly namespace: string;
  /** The chain requests go to unless they name one: the first of the app's networks the wallet approved. */
  readonly chainId: string;
  /** CAIP-10 accounts (`<namespace>:<reference>:<address>`) the wallet approves now; none once the session ended. */
  accounts(): string[];
  /**
   * A wallet request over the session, on `chainId` (default the provider's). Refused without asking the wallet when
   * the method is not approved (4200) or the chain is not (4100). The wallet's refusal is 4001 with its own words, its
   * other errors keep their code and words; an answer without a result, or one the namespace's `answers` check refuses,
   * is -32603; a session that ends first is 4900.
   */
  request(args: { method: string; params?: unknown; chainId?: string }): Promise<unknown>;
  /**
   * The wallet's session events on the namespace's chains, by name (`events` of the declaration); and
   * 'session_update' when the wallet changes the session (data: the accounts now).
   */
  on(event: string, listener: NamespaceEventListener): void;
  off(event: string, listener: NamespaceEventListener): void;
}

const USER_REJECTED = 4001;
const WALLETCONNECT_USER_REJECTED = 5000;

/** The wallet's error as a provider error that keeps the wallet's words (a refusal: 4001). */
function walletError(error: unknown): Error {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown };
  const words = typeof message === 'string' && message !== '' ? message : 'The wallet answered with an error';
  if (code === WALLETCONNECT_USER_REJECTED || code === USER_REJECTED) return new ProviderRpcError(USER_REJECTED, words);
  return error instanceof Error ? error : new ProviderRpcError(typeof code === 'number' ? code : -32603, words);
}

const isNames = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((each) => typeof each === 'string' && each !== '');

/**
 * What is wrong with the connector's `extraNamespaces`, in one sentence (undefined when nothing is): each must be a
 * CAIP-2 namespace without a bridge of its own (not in `bridged`), with a non-empty list of method names, a list of
 * event names if any, and functions as answer checks.
 */
export function declarationProblem(extra: unknown, bridged: readonly string[]): string | undefined {
  if (typeof extra !== 'object' || extra === null) return 'extraNamespaces must be an object of namespace declarations';
  for (const [ns, declaration] of Object.entries(extra)) {
    const { methods, events, answers } = (declaration ?? {}) as Partial<WalletConnectNamespace>;
    if (!/^[-a-z0-9]{3,8}$/.test(ns)) return `extraNamespaces: '${ns}' is not a CAIP-2 namespace (3 to 8 of a-z, 0-9 and -)`;
    if (bridged.includes(ns)) return `extraNamespaces.${ns}: ${ns} has a bridge of its own`;
    if (!isNames(methods) || methods.length === 0) return `extraNamespaces.${ns}.methods must be a non-empty list of method names`;
    if (events !== undefined && !isNames(events)) return `extraNamespaces.${ns}.events must be a list of event names`;
    const checks = typeof answers === 'object' && answers !== null ? Object.values(answers) : [undefined];
    if (answers !== undefined && !checks.every((check) => typeof check === 'function'))
      return `extraNamespaces.${ns}.answers must map method names to functions`;
  }
  return undefined;
}

/** The generic bridge of one extra namespace, as the session's bridge registry makes it. */
export function genericBridge(namespace: string, declaration: WalletConnectNamespace): BridgeFactory {
  return ({ channel, approval, networks }) => {
    const chainId = networks.map((n) => n.caipNetworkId).find((id) => approval.chains.includes(id)) ?? approval.chains[0] ?? '';
    const provider = createNamespaceProvider(namespace, declaration, channel, chainId);
    return {
      provider,
      // Only the events the adapter declared: the session's own update comes from sessionUpdated, never from the wallet's
      // words, so a wallet cannot hand the adapter accounts it did not approve.
      walletEvent: (name, data, chain) => {
        if (name !== 'session_update' && declaration.events?.includes(name)) provider.emit(name, data, chain);
      },
      sessionUpdated: () => provider.emit('session_update', provider.accounts(), ''),
    };
  };
}

function createNamespaceProvider(namespace: string, declaration: WalletConnectNamespace, channel: SessionChannel, chainId: string) {
  const listeners = createListeners<NamespaceEventListener>();

  async function request({ method, params, chainId: chain = chainId }: { method: string; params?: unknown; chainId?: string }) {
    if (!channel.approved()?.chains.includes(chain)) {
      throw new ProviderRpcError(4100, `${chain} is not approved for ${namespace} in this WalletConnect session`);
    }
    const answer = await requestApproved(channel, method, params, chain, 4200, walletError);
    if (answer === undefined || answer === null) throw new ProviderRpcError(-32603, `The wallet answered ${method} without a result`);
    const check = declaration.answers?.[method];
    if (check && !check(answer)) throw new ProviderRpcError(-32603, `The wallet answered ${method} with a malformed result`);
    return answer;
  }

  const provider: WalletConnectNamespaceProvider & { emit(name: string, data: unknown, chainId: string): void } = {
    isWalletConnect: true,
    namespace,
    chainId,
    accounts: () => [...(channel.approved()?.accounts ?? [])],
    request,
    on: listeners.on,
    off: listeners.off,
    emit: listeners.emit,
  };
  return provider;
}
