import { act, cleanup, waitFor, within, type BoundFunctions, type queries } from '@testing-library/react';
import { LatchError } from '@latch/kernel';
import { createModal, type LatchModal, type ReactModalOptions } from '../createModal.js';
import { MODAL_ELEMENT_NAME } from '../mount/loadingShell.js';

/*
 * Rendering the modal in a component test (Testing Library, in a DOM environment: happy-dom, which it is tested in). The
 * modal lives in a shadow root that Testing Library's `screen` does not pierce, so queries run `within` the modal's
 * root inside that shadow root. The modal's code and each view load lazily: these helpers wait for those loads rather
 * than for a guessed duration.
 */

/**
 * happy-dom's ShadowRoot.activeElement throws when focus is in another shadow tree or on a removed element; browsers
 * answer null there (focus is not in this tree). Makes happy-dom agree, once, before a modal renders.
 */
export function agreeOnShadowActiveElement(): void {
  if (typeof ShadowRoot === 'undefined' || patched) return;
  patched = true;
  const getter = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'activeElement')?.get;
  if (!getter) return;
  Object.defineProperty(ShadowRoot.prototype, 'activeElement', {
    configurable: true,
    get(this: ShadowRoot) {
      try {
        return getter.call(this) as Element | null;
      } catch {
        return null;
      }
    },
  });
}
let patched = false;

export { MODAL_ELEMENT_NAME };

const live = new Set<LatchModal>();
const hosts = new WeakMap<LatchModal, HTMLElement>();
const claimed = new WeakSet<Element>();
function claim(modal: LatchModal, host: HTMLElement): HTMLElement {
  hosts.set(modal, host);
  claimed.add(host);
  return host;
}

/** Tracks a modal made elsewhere (with `createModal`) so `cleanupModals` destroys it. */
export function track(modal: LatchModal): LatchModal {
  live.add(modal);
  return modal;
}

export interface ModalScreen {
  /** Testing Library's queries, scoped to the modal's root inside the shadow root. */
  ui: BoundFunctions<typeof queries>;
  /** The modal's root element (`.latch-root`) inside the shadow root. */
  root: HTMLElement;
  shadow: ShadowRoot;
  /** The `<latch-modal>` element. */
  host: HTMLElement;
}

/**
 * Resolves when the modal's code and the chunk of the view it shows now have loaded (a plugin's view included): call
 * it after something navigated (a click on a plugin's button) before querying the new view. Each is a module the
 * test runner compiles on first use, which can take seconds on a loaded machine, so a test awaits them rather than
 * guessing with a query's timeout. Imported here, not at the top: importing this file loads no modal code.
 */
export async function waitForView(modal: LatchModal): Promise<void> {
  await act(async () => {
    // The same module records the product imports (the `<latch-modal>` mount, or ModalHost's ModalRoot, which it holds).
    const [, views] = await Promise.all([import('../mount/mountModal.js'), import('../modal/views.js')]);
    const view = modal.getState().view;
    const loader = view ? views.resolveViewLoader(modal, view) : undefined;
    if (loader) await views.loadView(loader);
  });
}

/** The `<latch-modal>` element this modal mounted (found when it first appears), with queries inside it. */
export async function modalScreen(modal: LatchModal): Promise<ModalScreen> {
  await waitForView(modal);
  const host = await waitFor(() => {
    const known = hosts.get(modal);
    if (known?.isConnected) return known;
    // Opened some other way (a click on ConnectButton, the kernel): the one element nobody claimed.
    const unclaimed = [...document.querySelectorAll<HTMLElement>(MODAL_ELEMENT_NAME)].filter((el) => !claimed.has(el));
    if (unclaimed.length === 1) return claim(modal, unclaimed[0] as HTMLElement);
    throw notRendered('the modal has no <latch-modal> element yet');
  });
  return screenIn(host);
}

/** Queries inside the shadow root of any element hosting the modal. */
export async function screenIn(host: Element): Promise<ModalScreen> {
  agreeOnShadowActiveElement();
  const root = await waitFor(() => {
    const found = host.shadowRoot?.querySelector<HTMLElement>('.latch-root');
    if (!found) throw notRendered('the modal root has not rendered yet');
    return found;
  });
  return { ui: within(root), root, shadow: host.shadowRoot as ShadowRoot, host: host as HTMLElement };
}

/** What `modal.open` takes: the view to open at (a plugin's view included) and its data. */
export type OpenModalOptions = NonNullable<Parameters<LatchModal['open']>[0]>;

/** Opens the modal the way a host would (`modal.open`) and returns queries inside its shadow root, once it shows. */
export async function openModal(modal: LatchModal, options?: OpenModalOptions): Promise<ModalScreen> {
  agreeOnShadowActiveElement();
  const before = new Set(document.querySelectorAll(MODAL_ELEMENT_NAME));
  await act(async () => {
    await modal.open(options);
  });
  const added = [...document.querySelectorAll<HTMLElement>(MODAL_ELEMENT_NAME)].find((el) => !before.has(el));
  if (added) claim(modal, added);
  return modalScreen(modal);
}

/** Notes the element a modal mounted when it opened on its own (UnsupportedChain, plugins). */
export async function waitForOwnMount(modal: LatchModal, before: ReadonlySet<Element>): Promise<ModalScreen> {
  await waitForView(modal);
  const host = await waitFor(() => {
    const added = [...document.querySelectorAll<HTMLElement>(MODAL_ELEMENT_NAME)].find((el) => !before.has(el));
    if (!added) throw notRendered('no new <latch-modal>');
    return added;
  });
  claim(modal, host);
  return screenIn(host);
}

/** `renderModal`'s options: the modal's own (`createModal`'s), and how far to take it before the test looks. */
export interface RenderModalOptions extends ReactModalOptions {
  /** A connector id (one of the adapters' wallets) to connect before the modal opens: the Account view then shows. */
  connect?: string;
  /** Where the modal opens (`modal.open(open)`): `{ view: 'MyView', data }` opens a plugin's view directly. */
  open?: OpenModalOptions;
}

/** The modal `renderModal` made, and queries inside its shadow root. */
export interface RenderedModal extends ModalScreen {
  modal: LatchModal;
}

/**
 * Creates a modal with `createModal(options)`, connects `options.connect` if given, opens it (at `options.open`) and
 * resolves once it shows, its view's code loaded. `cleanupModals()` (in `afterEach`) destroys it.
 */
export async function renderModal(options: RenderModalOptions): Promise<RenderedModal> {
  const { connect, open, ...modalOptions } = options;
  const modal = track(createModal(modalOptions));
  if (connect !== undefined) {
    await act(async () => {
      await modal.connect(connect);
    });
  }
  return { modal, ...(await openModal(modal, open)) };
}

/** Call in `afterEach`: unmounts Testing Library's trees and destroys every modal made here (or tracked). */
export async function cleanupModals(): Promise<void> {
  cleanup();
  for (const modal of live) modal.destroy();
  live.clear();
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  document.querySelectorAll(MODAL_ELEMENT_NAME).forEach((el) => el.remove());
  document.body.innerHTML = '';
}

/**
 * What a wait retries on until the modal's part is there; the test sees it (code `MODAL_NOT_RENDERED`) when the wait
 * times out.
 */
function notRendered(message: string): LatchError {
  return new LatchError(message, { code: 'MODAL_NOT_RENDERED' });
}
