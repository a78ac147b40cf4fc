import type { CSSProperties } from 'react';
import { THEME_DEFAULTS } from '../theme/theme.js';

/*
 * The buttons live in the host's DOM, so they carry inline styles: nothing is added to the host's
 * <head>, and host rules of normal specificity cannot restyle them.
 */
export function hostButtonStyle(mode: 'light' | 'dark', accent: string, primary: boolean): CSSProperties {
  const dark = mode === 'dark';
  return {
    all: 'unset',
    boxSizing: 'border-box',
    display: 'inline-flex',
    // Sized to its content wherever the host puts it: a flex column or a grid cell would otherwise stretch it.
    width: 'fit-content',
    maxWidth: '100%',
    alignItems: 'center',
    gap: 8,
    height: 40,
    padding: '0 16px',
    borderRadius: 12,
    cursor: 'pointer',
    fontFamily: THEME_DEFAULTS['--latch-font-family'],
    fontSize: 15,
    fontWeight: 600,
    lineHeight: 1,
    whiteSpace: 'nowrap',
    background: primary ? accent : dark ? '#1f1f23' : '#f4f4f6',
    color: primary ? '#ffffff' : dark ? '#f4f4f5' : '#15151a',
    border: primary ? '1px solid transparent' : `1px solid ${dark ? '#34343b' : '#d9d9df'}`,
  };
}
