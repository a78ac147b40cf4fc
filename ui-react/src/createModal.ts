import { createModal as createKernelModal, type ModalOptions, type OpenOptions, type ThemeMode } from '@latch/kernel';
import { themeAtom } from './theme/themeAtom.js';
import { resolveThemeMode, type ThemeVariables } from './theme/theme.js';

export interface ReactModalOptions extends Omit<ModalOptions, 'themeVariables'> {
  /** §1: false keeps the modal out of document.body; render <LatchModalHost/> yourself. */
  append?: boolean;
  themeMode?: ThemeMode;
  themeVariables?: ThemeVariables;
}

type KernelModal = ReturnType<typeof createKernelModal>;

export interface LatchModal extends KernelModal {
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
  kernel.store.set(themeAtom, { mode: resolveThemeMode(options.themeMode), variables: themeVariables ?? {} });

  let mounted: Promise<(() => void) | undefined> | undefined;
  const loadMount = () => import('./mount/mountModal.js');
  function mount() {
    if (!append || typeof document === 'undefined') return Promise.resolve(undefined);
    mounted ??= loadMount().then(({ mountModal }) => mountModal(modal));
    return mounted;
  }
  // The kernel opens the modal on its own too (UnsupportedChain, plugins): mount then as well.
  kernel.on('MODAL_OPEN', () => void mount());

  const modal: LatchModal = {
    ...kernel,
    ui: { append, embedded },
    async open(openOptions?: OpenOptions) {
      await mount();
      return kernel.open(openOptions);
    },
    setThemeMode: (mode) => kernel.store.set(themeAtom, (t) => ({ ...t, mode: resolveThemeMode(mode) })),
    setThemeVariables: (variables) => kernel.store.set(themeAtom, (t) => ({ ...t, variables: { ...t.variables, ...variables } })),
    async prefetch() {
      if (typeof document === 'undefined') return;
      const { prefetchViews } = await loadMount();
      await prefetchViews();
    },
    destroy() {
      void mounted?.then((unmount) => unmount?.());
      kernel.destroy();
    },
  };
  return modal;
}
