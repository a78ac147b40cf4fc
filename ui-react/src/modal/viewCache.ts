import type { ComponentType } from 'react';
import type { LatchModal } from '../createModal.js';
import { getInternals } from '@latch/kernel/internal';

/*
 * The view modules loaded so far, and the loaders plugins bring. A leaf of the modal: the view registry (views.ts)
 * loads the built-in views lazily, and the views that host other views (ConnectView, AccountView through ViewHost)
 * read this module, not the registry, so no view imports the module that loads it.
 */

export interface ViewProps {
  modal: LatchModal;
  data?: unknown;
}

export type ViewModule = { default: ComponentType<ViewProps> };

export type ViewLoader = () => Promise<ViewModule>;

/*
 * Loaded view modules, keyed by loader. Views render straight from here once loaded: a
 * React.lazy/Suspense pair would hold even an already-fetched view behind React's ~300 ms
 * fallback throttle, which is the difference between a 10 ms and a 300 ms open.
 */
const loadedViews = new WeakMap<ViewLoader, ViewModule>();
const loadingViews = new WeakMap<ViewLoader, Promise<ViewModule>>();

export function loadedView(loader: ViewLoader): ViewModule | undefined {
  return loadedViews.get(loader);
}

/** Records a view that arrived with the modal shell, so its first render needs no request. */
export function primeView(loader: ViewLoader, module: ViewModule): void {
  loadedViews.set(loader, module);
}

export function loadView(loader: ViewLoader): Promise<ViewModule> {
  const done = loadedViews.get(loader);
  if (done) return Promise.resolve(done);
  let pending = loadingViews.get(loader);
  if (!pending) {
    pending = loader().then(
      (module) => {
        loadedViews.set(loader, module);
        return module;
      },
      (error: unknown) => {
        loadingViews.delete(loader);
        throw error;
      },
    );
    loadingViews.set(loader, pending);
  }
  return pending;
}

/** The loader of a view a feature plugin or a connector plugin brings. */
export function pluginViewLoader(modal: LatchModal, view: string): ViewLoader | undefined {
  const fromPlugin = modal.options.plugins?.map((p) => getInternals(modal).getPlugin(p.id)?.views?.[view]).find(Boolean);
  const fromConnector = modal.options.connectors?.map((c) => c.views?.[view]).find(Boolean);
  return (fromPlugin ?? fromConnector) as ViewLoader | undefined;
}
