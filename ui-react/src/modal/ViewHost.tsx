import { EMAIL_LOGIN_DEPENDENCY_LOAD_FAILED_MESSAGE } from '@latch/kernel';
import { useEffect, useState } from 'react';
import type { LatchModal } from '../createModal.js';
import { PluginView } from '../plugins/PluginView.js';
import { loadedView, loadView, resolveViewLoader, type ViewLoader } from './views.js';

/*
 * The modal's two hosts of lazily loaded code, handed to every view it renders (the `host` prop) instead of imported by
 * the views: this module imports the view registry (views.ts), and the registry loads the views with import(), so a
 * view importing this module would close an import cycle (kernel/src/importCycles.test.ts). The Account view loads
 * its tabs with `host.View`, the Connect view a connector plugin's section with `host.Section`.
 */
export const HOST = { View: ViewHost, Section: ConnectSection };
export type ModalHost = typeof HOST;

/**
 * Renders a view from the loaded-module cache; shows a spinner only while its chunk loads. A plugin's view (`view`
 * names it) renders inside its plugin's context (`usePluginContext()`) and the modal's provider (`useAccount()`…).
 */
export function ViewHost({
  modal,
  loader,
  data,
  view,
}: {
  modal: LatchModal;
  loader: ViewLoader | undefined;
  data: unknown;
  view?: string;
}) {
  const { module, failed, retry } = useLoadedView(loader);
  if (!loader) return <p className="empty">This view is not available.</p>;
  if (module) {
    const View = module.default;
    return <PluginView modal={modal} view={view} element={<View modal={modal} data={data} host={HOST} />} />;
  }
  if (failed) {
    return (
      <div className="center" role="alert">
        <p>This part of the modal could not be loaded. Check your connection.</p>
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="center" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">Loading</span>
    </div>
  );
}

/**
 * A connector plugin's Connect-view section (the e-mail sign-in), loaded on first show (it is in no first-load
 * chunk). When its code cannot be fetched the visitor is told so and can try again, rather than the section
 * silently missing. It lives here, beside ViewHost, and not in ConnectView.tsx: it resolves and loads the section
 * through the view registry, which the Connect view must not import (the registry loads the Connect view).
 */
function ConnectSection({ modal, view }: { modal: LatchModal; view: string }) {
  const { module, failed, retry } = useLoadedView(resolveViewLoader(modal, view));
  if (failed) {
    return (
      <div className="center" role="alert" data-testid="latch-connect-section-failed">
        <p>{EMAIL_LOGIN_DEPENDENCY_LOAD_FAILED_MESSAGE}. Check your connection.</p>
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  if (!module) return null;
  const Section = module.default;
  return <PluginView modal={modal} view={view} element={<Section modal={modal} host={HOST} />} />;
}

/**
 * A lazily loaded module for the two hosts: at once from the loaded-module cache when it is there, else loaded (and
 * rendered again when it arrives); `failed` when its code could not be fetched, until `retry` loads it again. One
 * request per try: a failure waits for the visitor's Try again (it asked again on its own once, a second request to
 * a server that had just failed, which could also bring the view in under the visitor's click).
 */
function useLoadedView(loader: ViewLoader | undefined) {
  const [, setVersion] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!loader || failed || loadedView(loader)) return;
    let live = true;
    loadView(loader).then(
      () => live && setVersion((v) => v + 1),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [loader, failed]);
  return { module: loader ? loadedView(loader) : undefined, failed, retry: () => setFailed(false) };
}
