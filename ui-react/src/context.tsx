import { type LatchInitialState, invalidOption } from '@latch/kernel';
import { createContext, useContext, type ReactNode } from 'react';
import type { LatchModal } from './createModal.js';

const LatchContext = createContext<LatchModal | null>(null);
const InitialStateContext = createContext<LatchInitialState | undefined>(undefined);

/**
 * Makes one modal instance available to the hooks and components below it. `initialState` (from
 * `cookieToInitialState` on the server) lets the server's HTML and the hydration show the visitor's
 * account until the wallet confirms it or says otherwise.
 */
export function LatchProvider({
  modal,
  initialState,
  children,
}: {
  modal: LatchModal;
  initialState?: LatchInitialState;
  children?: ReactNode;
}) {
  const tree = <LatchContext.Provider value={modal}>{children}</LatchContext.Provider>;
  return initialState ? <InitialStateContext.Provider value={initialState}>{tree}</InitialStateContext.Provider> : tree;
}

export function useLatchModal(): LatchModal {
  const modal = useContext(LatchContext);
  if (!modal) throw invalidOption('Latch hooks and components need <LatchProvider modal={modal}> above them');
  return modal;
}

/** The `initialState` given to the provider, if any. */
export function useLatchInitialState(): LatchInitialState | undefined {
  return useContext(InitialStateContext);
}
