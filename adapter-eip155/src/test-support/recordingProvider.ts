import type { Eip1193Provider } from '../provider.js';

type Listener = (payload: unknown) => void;

/**
 * Wraps a real EIP-1193 provider: records every method the adapter asks for and can play wallet-side
 * events the wrapped wallet cannot produce on its own (an account switch). Everything else is forwarded.
 */
export function recordingProvider<P extends Eip1193Provider>(inner: P, answers: Record<string, (params: unknown) => unknown> = {}) {
  const methods: string[] = [];
  const requests: { method: string; params: unknown }[] = [];
  const listeners = new Map<string, Set<Listener>>();
  const provider: Eip1193Provider = {
    async request(args) {
      methods.push(args.method);
      requests.push({ method: args.method, params: args.params });
      const answer = answers[args.method];
      return answer ? answer(args.params) : inner.request(args);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as Listener);
      listeners.set(event, set);
      inner.on?.(event, listener);
      return provider;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as Listener);
      inner.removeListener?.(event, listener);
      return provider;
    },
  };
  return {
    provider,
    methods,
    requests,
    paramsOf: (method: string) => requests.filter((r) => r.method === method).map((r) => r.params),
    listenerCount: (event: string) => listeners.get(event)?.size ?? 0,
    emitFromWallet(event: string, payload: unknown) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
    },
  };
}
