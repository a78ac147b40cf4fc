import type { SatsConnectProvider } from '@latch/testkit';

/**
 * Wraps a sats-connect provider and records the methods the adapter asks for, to check what happens silently and
 * what prompts; the wallet behind it is the testkit's real one. `answer` may replace one method's answer.
 */
export function recordingProvider(inner: SatsConnectProvider, answer?: (method: string, params: unknown) => unknown) {
  const calls: { method: string; params: unknown }[] = [];
  const provider: SatsConnectProvider = {
    async request(method, params) {
      calls.push({ method, params });
      const replaced = answer?.(method, params);
      return replaced === undefined ? inner.request(method, params) : (replaced as Awaited<ReturnType<SatsConnectProvider['request']>>);
    },
    addListener: (listener) => inner.addListener(listener),
  };
  return { provider, calls, methods: () => calls.map((call) => call.method) };
}
