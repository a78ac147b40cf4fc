import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { LatchModal } from '../createModal.js';
import { Dialog } from '../modal/Dialog.js';
import { ModalRoot } from '../modal/ModalRoot.js';
import { loadView, primeView, VIEW_LOADERS } from '../modal/views.js';
import { HOST } from '../modal/ViewHost.js';
// The first view most visitors see ships with the shell: opening costs one request, not two.
import * as ConnectView from '../views/ConnectView.js';
import { MODAL_ELEMENT_NAME } from './loadingShell.js';
import { attachModalShadow } from './shadowHost.js';
import { warmUp } from './warmUp.js';

export { MODAL_ELEMENT_NAME };

/**
 * §1: appends `<latch-modal>` to the body (or takes over the loading shell's) and renders the modal
 * inside its shadow root, synchronously, so an open started by a click paints in that click's frame.
 */
export function mountModal(modal: LatchModal, shell?: HTMLElement): () => void {
  primeView(VIEW_LOADERS.Connect, ConnectView);
  const host = shell ?? document.body.appendChild(document.createElement(MODAL_ELEMENT_NAME));
  const placeholder = shell?.shadowRoot ? [...shell.shadowRoot.childNodes] : [];
  const { shadow, container } = attachModalShadow(host);
  const root = createRoot(container);
  flushSync(() => root.render(<ModalRoot modal={modal} />));
  for (const node of placeholder) node.remove();
  // Mounted ahead of the first open (preloading) for a visitor not yet connected: warm what opening the Connect view
  // would otherwise pay for. A connected visitor's next open is the Account view: nothing of this is used then, and
  // all it allocates would only be left for the next page to collect (a reload measured 10-15 ms slower with it).
  const { open, status } = modal.getState();
  if (!open && status !== 'connected') {
    warmUp(modal, shadow);
    // Runs the dialog and the Connect view's render code once, detached (no layout, no focus, no
    // request: the Connect view only reads state), so the click does not pay for compiling it.
    const scratch = createRoot(document.createElement('div'));
    flushSync(() =>
      scratch.render(
        <Dialog titleId="latch-warm-up" view="Connect" embedded shake={false} onRequestClose={() => undefined}>
          <ConnectView.default modal={modal} host={HOST} />
        </Dialog>,
      ),
    );
    scratch.unmount();
  }
  return () => {
    root.unmount();
    host.remove();
  };
}

/**
 * Loads the views the next click opens: for a connected visitor (a restored session) the Account view only, else the
 * Connect view, its ways to a wallet and the Account view that follows.
 */
export async function prefetchViews(modal: LatchModal): Promise<void> {
  const views = [VIEW_LOADERS.Account];
  if (modal.getState().status !== 'connected') views.push(VIEW_LOADERS.Connect, VIEW_LOADERS.AllWallets, VIEW_LOADERS.ConnectingExternal);
  await Promise.all(views.map(loadView));
}
