import { atom } from 'jotai/vanilla';
import type { ThemeMode } from '@latch/kernel';
import type { ThemeVariables } from './theme.js';

/** UI-only state, kept in the instance's own store next to the kernel's atoms. */
export const themeAtom = atom<{ mode: ThemeMode; variables: ThemeVariables }>({ mode: 'dark', variables: {} });
