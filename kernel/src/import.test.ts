import { afterEach, describe, expect, it, vi } from 'vitest';

// Its own file: it resets the module registry, which would hand later tests fresh copies of the
// kernel's lazily loaded chunks next to the old eager ones.
afterEach(() => {
  vi.restoreAllMocks();
});

describe('importing the kernel', () => {
  it('touches no window, document, storage or network, and starts no timer', async () => {
    vi.resetModules();
    const touched: string[] = [];
    for (const name of ['window', 'document', 'localStorage', 'sessionStorage', 'location']) {
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get() {
          touched.push(name);
          return undefined;
        },
      });
    }
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const timerSpy = vi.spyOn(globalThis, 'setTimeout');
    try {
      const kernel = await import('./index.js');
      expect(typeof kernel.createModal).toBe('function');
    } finally {
      for (const name of ['window', 'document', 'localStorage', 'sessionStorage', 'location']) {
        delete (globalThis as Record<string, unknown>)[name];
      }
    }
    expect(touched).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(timerSpy).not.toHaveBeenCalled();
  });
});
