// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BLOCKS_CSS } from './blockStyles.js';
import { ACCOUNT_CSS } from './accountStyles.js';
import { MODAL_CSS } from './styles.js';
import { THEME_DEFAULTS } from './theme.js';
import { darkTheme, lightTheme, THEME_PALETTES, type ThemeColorTokens, type ThemeTokens } from './tokens.js';

type Color = keyof ThemeColorTokens;

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => {
    const c = Number.parseInt(part, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two colours (1 to 21). */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Text tokens and the backgrounds the modal and the building blocks draw them on. */
const TEXT_ON: [Color, Color[]][] = [
  ['--latch-color-fg', ['--latch-color-bg', '--latch-color-surface', '--latch-color-surface-2']],
  ['--latch-color-muted', ['--latch-color-bg', '--latch-color-surface', '--latch-color-surface-2']],
  ['--latch-color-danger', ['--latch-color-bg', '--latch-color-surface']],
  ['--latch-color-success', ['--latch-color-bg', '--latch-color-surface']],
  ['--latch-color-warning', ['--latch-color-bg', '--latch-color-surface']],
  // The info alert's title.
  ['--latch-color-focus', ['--latch-color-surface']],
  ['--latch-color-on-accent', ['--latch-color-accent']],
];

describe.each([
  ['dark', darkTheme],
  ['light', lightTheme],
] as const)('the %s theme', (mode, build) => {
  const tokens = build();

  it('is a complete token set: every key of ThemeTokens, each a non-empty value', () => {
    expect(Object.keys(tokens).sort()).toEqual(Object.keys(darkTheme()).sort());
    expect(Object.keys(tokens)).toHaveLength(16);
    for (const value of Object.values(tokens)) expect(value).not.toBe('');
  });

  it.each(TEXT_ON)('%s is readable (WCAG AA, 4.5:1) on its backgrounds', (text, backgrounds) => {
    for (const background of backgrounds) {
      expect(contrast(tokens[text], tokens[background]), `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('draws its focus ring at 3:1 or more against the backgrounds (WCAG non-text contrast)', () => {
    for (const background of ['--latch-color-bg', '--latch-color-surface', '--latch-color-surface-2'] as const) {
      expect(contrast(tokens['--latch-color-focus'], tokens[background]), background).toBeGreaterThanOrEqual(3);
    }
  });

  it("is the palette the modal's stylesheet sets for that mode", () => {
    const rule = new RegExp(`\\.latch-root\\[data-theme='${mode}'\\] \\{([^}]*)\\}`).exec(MODAL_CSS)?.[1] ?? '';
    for (const [name, value] of Object.entries(THEME_PALETTES[mode])) expect(rule).toContain(`${name}: ${value};`);
    expect(tokens['--latch-color-accent']).toBe(THEME_DEFAULTS['--latch-accent']);
    expect(tokens['--latch-radius']).toBe(THEME_DEFAULTS['--latch-border-radius-master']);
  });

  it('takes overrides over its own values and keeps the rest', () => {
    const custom = build({ '--latch-color-accent': '#7b3fe4', '--latch-radius': '8px' });
    expect(custom['--latch-color-accent']).toBe('#7b3fe4');
    expect(custom['--latch-radius']).toBe('8px');
    expect({ ...custom, '--latch-color-accent': tokens['--latch-color-accent'], '--latch-radius': tokens['--latch-radius'] }).toEqual(
      tokens,
    );
    // A fresh object each call: changing one set changes no other.
    custom['--latch-color-bg'] = 'red';
    expect(build()['--latch-color-bg']).toBe(tokens['--latch-color-bg']);
  });
});

describe('the stylesheets', () => {
  const sheets = { MODAL_CSS, ACCOUNT_CSS, BLOCKS_CSS };

  it('never draw text in the accent colour: it is a background, below 4.5:1 on the dark background', () => {
    // The accent is the integrator's brand colour; only on-accent text is guaranteed readable on it.
    expect(contrast(darkTheme()['--latch-color-accent'], darkTheme()['--latch-color-bg'])).toBeLessThan(4.5);
    for (const [name, css] of Object.entries(sheets)) {
      expect(css.match(/(?:^|[\s;{])color:\s*var\(--latch-color-accent\)/g), name).toBeNull();
    }
  });

  it('use only token names that exist (a typo would silently fall back to nothing)', () => {
    const known = new Set<string>([...Object.keys(darkTheme() satisfies ThemeTokens), ...Object.keys(THEME_DEFAULTS)]);
    for (const [name, css] of Object.entries(sheets)) {
      const used = [...new Set(css.match(/var\(--latch-[\w-]+/g)?.map((v) => v.slice(4)))];
      expect(
        used.filter((token) => !known.has(token)),
        name,
      ).toEqual([]);
    }
  });
});
