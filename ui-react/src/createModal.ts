import {
  createModal as createKernelModal,
  type ModalInstance,
  type ModalOptions,
  type OpenOptions,
  retryableImport,
  type ThemeMode,
} from '@latch/kernel';
import { getInternals } from '@latch/kernel/internal';
import { themeAtom } from './theme/themeAtom.js';
import { resolveThemeMode, type ThemeVariables } from './theme/theme.js';
import { showLoadingShell } from './mount/loadingShell.js';

export interface ReactModalOptions extends Omit<ModalOptions, 'themeVariables'> {
  /** §1: false keeps the modal out of document.body; render <LatchModalHost/> yourself. */
  append?: boolean;
  themeMode?: ThemeMode;
  themeVariables?: ThemeVariables;
}

/** A kernel instance plus what the React modal adds: theme and preloading. */
export interface LatchModal extends ModalInstance {
  readonly ui: { append: boolean; embedded: boolean };
  setThemeMode(mode: ThemeMode): void;
  setThemeVariables(variables: ThemeVariables): void;
  /** Loads the modal's code ahead of the first open (on hover or idle). */
  prefetch(): Promise<void>;
}

/**
 * Creates a modal instance for a React host. Nothing touches the DOM until the modal first opens;
 * then it mounts in a shadow root on a `<latch-modal>` element appended to document.body.
 */
export function createModal(options: ReactModalOptions): LatchModal {
  const { themeVariables, ...kernelOptions } = options;
  const kernel = createKernelModal(kernelOptions);
  const embedded = Boolean(options.enableEmbedded);
  const append = options.append !== false && !embedded;
  const { store } = getInternals(kernel);
  store.set(themeAtom, { mode: resolveThemeMode(options.themeMode), variables: themeVariables ?? {} });

  type MountModule = typeof import('./mount/mountModal.js');
  let loaded: MountModule | undefined;
  let mounted: Promise<(() => void) | undefined> | undefined;
  // Loaded once; after a failed fetch the next open fetches it anew (retryableImport says why).
  const importMount = retryableImport(() => import('./mount/mountModal.js'));
  const loadMount = () => importMount().then((module) => (loaded = module));
  /*
   * First frame after the click (issue 15): with the code already loaded (hover or idle preload) the
   * modal mounts and renders synchronously, in the click's own task; without it, a loading shell
   * shows at once and the modal replaces it when its chunk arrives.
   */
  function mount() {
    if (!append || typeof document === 'undefined') return Promise.resolve(undefined);
    if (!mounted && loaded) mounted = Promise.resolve(loaded.mountModal(modal));
    if (!mounted) {
      const host = showLoadingShell(store.get(themeAtom).mode);
      mounted = loadMount().then(
        ({ mountModal }) => mountModal(modal, host),
        (error: unknown) => {
          host.remove();
          mounted = undefined;
          throw error;
        },
      );
    }
    return mounted;
  }
  // The kernel opens the modal on its own too (UnsupportedChain, plugins): mount then as well.
  kernel.on('MODAL_OPEN', () => void mount().catch(() => undefined));

  const modal: LatchModal = {
    ...kernel,
    ui: { append, embedded },
    async open(openOptions?: OpenOptions) {
      const opened = kernel.open(openOptions);
      await mount();
      return opened;
    },
    setThemeMode: (mode) => store.set(themeAtom, (t) => ({ ...t, mode: resolveThemeMode(mode) })),
    setThemeVariables: (variables) => store.set(themeAtom, (t) => ({ ...t, variables: { ...t.variables, ...variables } })),
    async prefetch() {
      if (typeof document === 'undefined') return;
      const { prefetchViews } = await loadMount();
      await Promise.all([prefetchViews(modal), getInternals(kernel).preload()]);
      // Mounted closed ahead of the click: the shadow root, its stylesheet and the React root exist.
      await mount();
    },
    destroy() {
      void mounted?.then((unmount) => unmount?.());
      kernel.destroy();
    },
  };
  return modal;
}
