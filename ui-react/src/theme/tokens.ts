/*
 * The published theme tokens: every `--latch-*` custom property a plugin view may read, typed, and a
 * complete set of them for each mode. The modal's stylesheet writes its two palettes from
 * THEME_PALETTES, so what `darkTheme()` / `lightTheme()` return is exactly what the modal shows.
 */
import type { ThemeMode } from '@latch/kernel';
import { THEME_DEFAULTS } from './theme.js';

/**
 * The colour tokens: each mode sets every one of them. (Type aliases, not interfaces: a token set must be
 * assignable to `themeVariables`, whose type is a record of `--latch-*` names.)
 */
export type ThemeColorTokens = {
  /** The modal's background. */
  '--latch-color-bg': string;
  /** The background of rows, inputs, alerts and secondary buttons. */
  '--latch-color-surface': string;
  /** The background of a row under the pointer (and of the current one). */
  '--latch-color-surface-2': string;
  /** Borders of rows, inputs, buttons and dividers. */
  '--latch-color-border': string;
  /** Body text: readable (WCAG AA) on bg, surface and surface-2. */
  '--latch-color-fg': string;
  /** Secondary text (hints, captions): readable on bg, surface and surface-2. */
  '--latch-color-muted': string;
  /** The primary button's background. Not a text colour: it is not required to be readable on bg. */
  '--latch-color-accent': string;
  /** Text on the accent (the primary button's label). */
  '--latch-color-on-accent': string;
  /** Error text and the error alert's mark: readable on bg and surface. */
  '--latch-color-danger': string;
  /** Success text and the success alert's mark: readable on bg and surface. */
  '--latch-color-success': string;
  /** Warning text and the warning alert's mark: readable on bg and surface. */
  '--latch-color-warning': string;
  /** The focus ring (at least 3:1 against bg and surface). */
  '--latch-color-focus': string;
  /** The backdrop behind the modal. */
  '--latch-color-overlay': string;
};

/** Every public `--latch-*` token: the colours, and the shape and type of the modal. */
export type ThemeTokens = ThemeColorTokens & {
  /** The base corner radius; rows, buttons and inputs use a multiple of it (`calc(var(--latch-radius) * 3)`). */
  '--latch-radius': string;
  /** The base font size; body text is 1.5 times it. */
  '--latch-font-size': string;
  /** The font family. */
  '--latch-font': string;
};

/** The colours that differ between the modes (accent and on-accent are the same in both). */
type PaletteTokens = Omit<ThemeColorTokens, '--latch-color-accent' | '--latch-color-on-accent'>;

/** The two palettes, as the modal's stylesheet sets them under `data-theme`. */
export const THEME_PALETTES: Record<ThemeMode, PaletteTokens> = {
  dark: {
    '--latch-color-bg': '#141416',
    '--latch-color-surface': '#1f1f23',
    '--latch-color-surface-2': '#2a2a30',
    '--latch-color-border': '#34343b',
    '--latch-color-fg': '#f4f4f5',
    '--latch-color-muted': '#b4b4bc',
    '--latch-color-danger': '#ff8a8a',
    '--latch-color-success': '#5fd38d',
    '--latch-color-warning': '#f5b94e',
    '--latch-color-focus': '#93c5fd',
    '--latch-color-overlay': 'rgba(0, 0, 0, 0.6)',
  },
  light: {
    '--latch-color-bg': '#ffffff',
    '--latch-color-surface': '#f4f4f6',
    '--latch-color-surface-2': '#e8e8ec',
    '--latch-color-border': '#d9d9df',
    '--latch-color-fg': '#15151a',
    '--latch-color-muted': '#52525b',
    '--latch-color-danger': '#b42318',
    '--latch-color-success': '#067647',
    '--latch-color-warning': '#8a5a00',
    '--latch-color-focus': '#1d4ed8',
    '--latch-color-overlay': 'rgba(15, 15, 20, 0.45)',
  },
};

/** `name: value;` declarations of a token map, for a stylesheet rule. */
export function tokenDeclarations(tokens: Partial<ThemeTokens>): string {
  return Object.entries(tokens)
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ');
}

function buildTheme(mode: ThemeMode, overrides: Partial<ThemeTokens> | undefined): ThemeTokens {
  return {
    '--latch-color-accent': THEME_DEFAULTS['--latch-accent'],
    '--latch-color-on-accent': '#ffffff',
    ...THEME_PALETTES[mode],
    '--latch-radius': THEME_DEFAULTS['--latch-border-radius-master'],
    '--latch-font-size': THEME_DEFAULTS['--latch-font-size-master'],
    '--latch-font': THEME_DEFAULTS['--latch-font-family'],
    ...overrides,
  };
}

/**
 * The dark theme's complete token set, with `overrides` on top. Pass it as `themeVariables` (with
 * `themeMode: 'dark'`): a token given there wins over the mode's palette and over the older inputs
 * (`--latch-accent`, `--latch-border-radius-master`…).
 */
export function darkTheme(overrides?: Partial<ThemeTokens>): ThemeTokens {
  return buildTheme('dark', overrides);
}

/** The light theme's complete token set, with `overrides` on top (see `darkTheme`). */
export function lightTheme(overrides?: Partial<ThemeTokens>): ThemeTokens {
  return buildTheme('light', overrides);
}
