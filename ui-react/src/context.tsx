import { createContext, useContext, type ReactNode } from 'react';
import type { LatchModal } from './createModal.js';

const LatchContext = createContext<LatchModal | null>(null);

/** Makes one modal instance available to the hooks and components below it. */
export function LatchProvider({ modal, children }: { modal: LatchModal; children?: ReactNode }) {
  return <LatchContext.Provider value={modal}>{children}</LatchContext.Provider>;
}

export function useLatchModal(): LatchModal {
  const modal = useContext(LatchContext);
  if (!modal) throw new Error('Latch hooks and components need <LatchProvider modal={modal}> above them');
  return modal;
}
