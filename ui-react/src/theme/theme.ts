import type { ThemeMode } from '@latch/kernel';

/** §9 theme defaults; integrators override them through `themeVariables`. */
export const THEME_DEFAULTS = {
  '--latch-accent': '#2563eb',
  '--latch-font-family': "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  '--latch-font-size-master': '10px',
  '--latch-border-radius-master': '4px',
  '--latch-z-index': '999',
} as const;

export type ThemeVariables = Partial<Record<keyof typeof THEME_DEFAULTS | `--latch-${string}`, string | number>>;

/** Serialises theme variables for a `style` attribute; unknown names are ignored, values escaped. */
export function themeStyle(variables: ThemeVariables | undefined): Record<string, string> {
  const style: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...THEME_DEFAULTS, ...variables })) {
    if (!name.startsWith('--latch-') || value === undefined) continue;
    style[name] = String(value).replace(/[;{}<>]/g, '');
  }
  return style;
}

export function resolveThemeMode(mode: ThemeMode | undefined): ThemeMode {
  return mode === 'light' ? 'light' : 'dark';
}
