import type { KernelContext } from '../context.js';
import { LatchError } from '../primitives.js';
import type { WalletCallCapabilities } from '../plugins/ChainAdapter.js';
import type { Connector } from '../plugins/Connector.js';
import type { ConnectorPlugin } from '../plugins/ConnectorPlugin.js';
import { activeNamespaceAtom } from '../state/atoms.js';
import type { AccountType, ChainNamespace } from '../types.js';
import type { applyConnection } from './connection.js';
import { capabilityOf, getAccount, reportError, updateAccount } from './accountState.js';
import { setModalLoading } from './modal.js';
import { getNetworkState, updateNetworkState } from './networkState.js';
import { showSnack } from './snackbar.js';

/*
 * Account types (the visitor's eoa or smart account). A wallet whose session offers several (the embedded wallet: its
 * key and the smart account it owns) is switched on the visitor's word, and starts on the stored choice, else the
 * integrator's `defaultAccountTypes`. Any other wallet is what it reports (EIP-5792: a wallet that runs bundles
 * atomically is a smart account) and is never switched.
 */

/** The spec's defaults, per namespace, under the integrator's `defaultAccountTypes`. */
export const DEFAULT_ACCOUNT_TYPES: Readonly<Partial<Record<ChainNamespace, AccountType>>> = Object.freeze({
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
});

/** Shown when the smart account could not be used and the session stays on (or goes back to) the plain account. */
export const ACCOUNT_TYPE_FALLBACK_MESSAGE = 'Smart account unavailable: using your standard account (EOA)';
/** Shown when the network has no smart-account support. */
export const SMART_ACCOUNT_NETWORK_MESSAGE = 'Smart accounts are not available on this network: using your standard account (EOA)';

/** The account type a namespace should use: the visitor's stored choice, else the integrator's default, else the spec's. */
export function preferredAccountType(ctx: KernelContext, ns: ChainNamespace): AccountType | undefined {
  const stored = ctx.storage.get('preferredAccountTypes')?.[ns];
  return (typeof stored === 'string' ? stored : undefined) ?? ctx.options.defaultAccountTypes?.[ns] ?? DEFAULT_ACCOUNT_TYPES[ns];
}

function storePreference(ctx: KernelContext, ns: ChainNamespace, type: AccountType): void {
  ctx.storage.set('preferredAccountTypes', { ...ctx.storage.get('preferredAccountTypes'), [ns]: type });
}

/** Whether the session may use a smart account on the namespace's current network (eip155: its chain id is listed). */
export function smartAccountAllowed(ctx: KernelContext, ns: ChainNamespace, connector: Connector): boolean {
  const networks = connector.smartAccountNetworks;
  if (!networks) return true;
  const reference = getNetworkState(ctx, ns).caipNetwork?.caipNetworkId.split(':')[1];
  return networks.some((id) => String(id) === reference);
}

/** Writes what a session says of its account types into the state: the type in use, the address's type, the smart-account networks. */
function describeSession(ctx: KernelContext, ns: ChainNamespace): void {
  const { connector, address, allAccounts } = getAccount(ctx, ns);
  const active = connector?.accountTypes?.active;
  if (!active) return;
  updateAccount(ctx, ns, {
    preferredAccountType: active,
    allAccounts: allAccounts.map((entry) => (entry.address === address ? { ...entry, type: active } : entry)),
  });
  updateNetworkState(ctx, ns, { smartAccountEnabledNetworks: connector.smartAccountNetworks ?? [] });
}

interface Switchable {
  ns: ChainNamespace;
  connector: Connector;
  plugin: ConnectorPlugin & Required<Pick<ConnectorPlugin, 'setPreferredAccountType'>>;
  offered: NonNullable<Connector['accountTypes']>;
}

function switchable(ctx: KernelContext, ns: ChainNamespace): Switchable | undefined {
  const connector = getAccount(ctx, ns).connector;
  const plugin = connector && ctx.sessionConnectors.get(connector);
  const offered = connector?.accountTypes;
  if (!connector || !plugin?.setPreferredAccountType || !offered || offered.available.length < 2) return undefined;
  return { ns, connector, plugin: plugin as Switchable['plugin'], offered };
}

/** Asks the plugin for the other type and connects the namespace again on what it hands back (the other address). */
/** How the namespace reconnects (connect.ts's applyConnection, handed in so this chunk shares no code with the visitor actions). */
export type Apply = typeof applyConnection;

async function switchTo(ctx: KernelContext, { ns, connector, plugin }: Switchable, type: AccountType, apply: Apply): Promise<void> {
  const part = await plugin.setPreferredAccountType(ns, type);
  const next: Connector = {
    ...connector,
    provider: part.provider,
    capabilities: part.capabilities,
    walletInfo: part.walletInfo ?? connector.walletInfo,
    accountTypes: part.accountTypes,
    smartAccountNetworks: part.smartAccountNetworks ?? connector.smartAccountNetworks,
  };
  ctx.sessionConnectors.set(next, plugin);
  const adapter = ctx.adapters.get(ns);
  const network = getNetworkState(ctx, ns).caipNetwork;
  if (!adapter || !network) throw new LatchError('Chain adapter not found', { category: 'CONNECTOR_ERROR' });
  const restored = adapter.reconnect
    ? await adapter.reconnect(plugin.id, { network, connector: next })
    : { connector: next, result: await adapter.connect(next, { network }) };
  if (!restored) throw new LatchError('The wallet did not report the new account', { category: 'CONNECTOR_ERROR' });
  apply(ctx, ns, restored.connector, restored.result, ctx.store.get(activeNamespaceAtom) === ns);
  describeSession(ctx, ns);
}

/**
 * The preferred-account-type change: loading on, the session's plugin switches, the choice is stored, the namespace
 * reconnects on the other address, loading off. A smart account the network does not support, or a switch that
 * fails, falls back to the plain account (eoa) with a snack; a wallet with one account type is refused.
 */
export async function setPreferredAccountType(
  ctx: KernelContext,
  type: AccountType,
  options: { namespace?: ChainNamespace } | undefined,
  apply: Apply,
): Promise<void> {
  const ns = options?.namespace ?? ctx.store.get(activeNamespaceAtom);
  if (!ns || getAccount(ctx, ns).status !== 'connected') throw new LatchError('No wallet is connected', { category: 'CONNECTOR_ERROR' });
  const target = switchable(ctx, ns);
  if (!target) throw new LatchError('This wallet has a single account type: it cannot be switched', { category: 'VALIDATION_ERROR' });
  if (!target.offered.available.includes(type)) {
    throw new LatchError(`This wallet offers no ${type} account here (only ${target.offered.available.join(', ')})`, {
      category: 'VALIDATION_ERROR',
    });
  }
  if (type === 'smartAccount' && !smartAccountAllowed(ctx, ns, target.connector)) {
    storePreference(ctx, ns, 'eoa');
    await showSnack(ctx, SMART_ACCOUNT_NETWORK_MESSAGE, 'error');
    return;
  }
  if (target.offered.active === type) {
    storePreference(ctx, ns, type);
    return;
  }
  setModalLoading(ctx, true);
  try {
    await switchTo(ctx, target, type, apply);
    storePreference(ctx, ns, type);
  } catch (err) {
    reportError(ctx, err, 'SET_PREFERRED_ACCOUNT_TYPE_ERROR');
    // The fallback is the plain account: it is what the session keeps, and what the next visit starts on.
    storePreference(ctx, ns, 'eoa');
    await showSnack(ctx, ACCOUNT_TYPE_FALLBACK_MESSAGE, 'error');
  } finally {
    setModalLoading(ctx, false);
  }
}

/**
 * After a shared session connected a namespace: when it offers account types and the one in use is not the
 * preferred one (or is a smart account on a network without support), switch; a failure keeps the session as it is.
 */
export async function applyPreferredAccountType(ctx: KernelContext, ns: ChainNamespace, apply: Apply): Promise<void> {
  describeSession(ctx, ns);
  const target = switchable(ctx, ns);
  if (!target) return;
  let wanted = preferredAccountType(ctx, ns);
  if (wanted === 'smartAccount' && !smartAccountAllowed(ctx, ns, target.connector)) wanted = 'eoa';
  if (!wanted || wanted === target.offered.active || !target.offered.available.includes(wanted)) return;
  try {
    await switchTo(ctx, target, wanted, apply);
  } catch (err) {
    reportError(ctx, err, 'SET_PREFERRED_ACCOUNT_TYPE_ERROR');
  }
}

/**
 * What an eip155 account is, from its wallet's EIP-5792 capabilities: one that runs bundles atomically on this network
 * (`atomic: supported`) is a smart account. A wallet without account types is never switched (one that cannot tell stays
 * eoa); a session that offers them is followed after the wallet changed the account on its own (a chain without
 * smart-account support uses the key): the type in use is what the wallet now reports.
 */
export async function readWalletAccountType(ctx: KernelContext, ns: ChainNamespace): Promise<void> {
  const account = getAccount(ctx, ns);
  const connector = account.connector;
  const calls = capabilityOf(ctx, ns, 'calls');
  const network = getNetworkState(ctx, ns).caipNetwork;
  if (!connector || !calls || !account.address || !network) return;
  const address = account.address;
  const capabilities: WalletCallCapabilities = await calls.getCapabilities({ address, network, connector }).catch(() => ({}));
  const reference = network.caipNetworkId.split(':')[1] ?? '';
  if (!/^\d+$/.test(reference)) return;
  const chain = `0x${BigInt(reference).toString(16)}`;
  const atomic = (capabilities[chain]?.atomic ?? capabilities['0x0']?.atomic) as { status?: unknown } | undefined;
  const type: AccountType = atomic?.status === 'supported' ? 'smartAccount' : 'eoa';
  const now = getAccount(ctx, ns);
  if (now.address !== address || now.connector !== connector) return;
  const offered = connector.accountTypes;
  if (!offered && type !== 'smartAccount') return;
  let followed: Connector | undefined;
  if (offered?.available.includes(type)) {
    followed = { ...connector, accountTypes: { ...offered, active: type } };
    const plugin = ctx.sessionConnectors.get(connector);
    if (plugin) ctx.sessionConnectors.set(followed, plugin);
  }
  updateAccount(ctx, ns, {
    allAccounts: now.allAccounts.map((entry) => (entry.address === address ? { ...entry, type } : entry)),
    ...(followed ? { connector: followed, preferredAccountType: type } : {}),
  });
}
