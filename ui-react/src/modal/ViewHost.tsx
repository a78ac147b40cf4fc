import { useEffect, useState } from 'react';
import type { LatchModal } from '../createModal.js';
import { PluginView } from '../plugins/PluginView.js';
import { loadedView, loadView, type ViewLoader } from './views.js';

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
  const [, setVersion] = useState(0);
  const [failed, setFailed] = useState(false);
  const module = loader ? loadedView(loader) : undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `failed` is a dependency on purpose: "Try again" clears it and loads again.
  useEffect(() => {
    if (!loader || loadedView(loader)) return;
    let live = true;
    loadView(loader).then(
      () => live && setVersion((v) => v + 1),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [loader, failed]);

  if (!loader) return <p className="empty">This view is not available.</p>;
  if (module) {
    const View = module.default;
    return <PluginView modal={modal} view={view} element={<View modal={modal} data={data} />} />;
  }
  if (failed) {
    return (
      <div className="center" role="alert">
        <p>This part of the modal could not be loaded. Check your connection.</p>
        <button type="button" className="button" onClick={() => setFailed(false)}>
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
