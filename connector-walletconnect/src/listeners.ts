/** Listeners by event name; one listener's failure is its own (the others still hear the event). */
export function createListeners<L extends (...args: never[]) => void>() {
  const byEvent = new Map<string, Set<L>>();
  return {
    on(event: string, listener: L): void {
      let set = byEvent.get(event);
      if (!set) byEvent.set(event, (set = new Set()));
      set.add(listener);
    },
    off(event: string, listener: L): void {
      byEvent.get(event)?.delete(listener);
    },
    emit(event: string, ...args: Parameters<L>): void {
      for (const listener of [...(byEvent.get(event) ?? [])]) {
        try {
          listener(...args);
        } catch {
          // a listener's failure is its own
        }
      }
    },
  };
}
