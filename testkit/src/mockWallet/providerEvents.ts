type Listener = (...args: never[]) => void;

/** The on/removeListener/emit trio EIP-1193 asks of a provider; a throwing listener cannot stop the others. */
export function createProviderEvents<Events extends { [E in keyof Events]: Listener }>() {
  const listeners = new Map<keyof Events, Set<Events[keyof Events]>>();
  return {
    on<E extends keyof Events>(event: E, listener: Events[E]): void {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
    },
    removeListener<E extends keyof Events>(event: E, listener: Events[E]): void {
      listeners.get(event)?.delete(listener);
    },
    emit<E extends keyof Events>(event: E, ...args: Parameters<Events[E]>): void {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          (listener as (...values: Parameters<Events[E]>) => void)(...args);
        } catch (error) {
          // Surface it like a browser would (an uncaught error), without breaking the wallet's own flow.
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
  };
}
