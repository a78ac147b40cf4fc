import { createRoot } from 'react-dom/client';
import type { LatchModal } from '../createModal.js';
import { ModalRoot } from '../modal/ModalRoot.js';
import { loadView, primeView, VIEW_LOADERS } from '../modal/views.js';
// The first view most visitors see ships with the shell: opening costs one request, not two.
import * as ConnectView from '../views/ConnectView.js';
import { attachModalShadow } from './shadowHost.js';

export const MODAL_ELEMENT_NAME = 'latch-modal';

/** §1: appends `<latch-modal>` to the body and renders the modal inside its shadow root. */
export function mountModal(modal: LatchModal): () => void {
  primeView(VIEW_LOADERS.Connect, ConnectView);
  const host = document.createElement(MODAL_ELEMENT_NAME);
  document.body.appendChild(host);
  const { container } = attachModalShadow(host);
  const root = createRoot(container);
  root.render(<ModalRoot modal={modal} />);
  return () => {
    root.unmount();
    host.remove();
  };
}

export async function prefetchViews(): Promise<void> {
  await Promise.all([VIEW_LOADERS.Connect, VIEW_LOADERS.AllWallets, VIEW_LOADERS.ConnectingExternal, VIEW_LOADERS.Account].map(loadView));
}
