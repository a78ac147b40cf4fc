import type { ThemeMode } from '@latch/kernel';
import { atom } from '@latch/kernel/internal';
import type { ThemeVariables } from './theme.js';

/** UI-only state, kept in the instance's own store next to the kernel's atoms. */
export const themeAtom = atom<{ mode: ThemeMode; variables: ThemeVariables }>({ mode: 'dark', variables: {} });
