import type { Wallet } from '@wallet-standard/base';

export interface RecordedCall {
  feature: string;
  input: unknown;
}

/**
 * The same wallet seen through a window that records each feature call (with its first argument) and can
 * hide features, e.g. to take the signTransaction path of a wallet that also signs and sends. Everything
 * else reaches the real wallet.
 */
export function recordingWallet(wallet: Wallet, { hide = [] }: { hide?: readonly string[] } = {}) {
  const calls: RecordedCall[] = [];
  const listeners = new Map<string, number>();
  const wrapFeature = (name: string, feature: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(feature).map(([key, value]) => {
        if (typeof value !== 'function') return [key, value];
        return [
          key,
          (...args: unknown[]) => {
            calls.push({ feature: name, input: args[0] });
            const result = (value as (...a: unknown[]) => unknown).apply(feature, args);
            if (name !== 'standard:events' || typeof result !== 'function') return result;
            listeners.set(String(args[0]), (listeners.get(String(args[0])) ?? 0) + 1);
            return () => {
              listeners.set(String(args[0]), (listeners.get(String(args[0])) ?? 1) - 1);
              return (result as () => unknown)();
            };
          },
        ];
      }),
    );
  const recorded = {
    get version() {
      return wallet.version;
    },
    get name() {
      return wallet.name;
    },
    get icon() {
      return wallet.icon;
    },
    get chains() {
      return wallet.chains;
    },
    get accounts() {
      return wallet.accounts;
    },
    get features() {
      const entries = Object.entries(wallet.features).filter(([name]) => !hide.includes(name));
      return Object.fromEntries(entries.map(([name, feature]) => [name, wrapFeature(name, feature as Record<string, unknown>)]));
    },
  } as Wallet;
  return {
    wallet: recorded,
    calls,
    callsTo: (feature: string) => calls.filter((call) => call.feature === feature).map((call) => call.input),
    listenerCount: (event: string) => listeners.get(event) ?? 0,
  };
}
