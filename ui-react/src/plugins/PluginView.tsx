import { viewContext } from '@latch/kernel/internal';
import type { ReactElement } from 'react';
import { LatchProvider } from '../context.js';
import type { LatchModal } from '../createModal.js';
import { PluginViewContext } from './usePluginContext.js';

/**
 * A rendered view: a plugin's (the kernel knows which plugin brought `view`) inside its plugin's context, for
 * `usePluginContext()`, and the modal's provider, for `useAccount()` and the other hooks; a built-in view as it is.
 */
export function PluginView({ modal, view, element }: { modal: LatchModal; view: string | undefined; element: ReactElement }) {
  const context = view ? viewContext(modal, view) : undefined;
  if (!context) return element;
  return (
    <LatchProvider modal={modal}>
      <PluginViewContext.Provider value={context}>{element}</PluginViewContext.Provider>
    </LatchProvider>
  );
}
