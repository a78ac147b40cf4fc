/*
 * The modal's look for a visible frame page, from its query (`?theme=dark|light&accent=&radius=&font=&size=`). The
 * host page is untrusted, so only cosmetic values pass, each checked here: a colour the page's white button text
 * stays readable on, lengths within bounds that keep every word of a request legible, a font list of local names
 * (the page's CSP loads no font). Anything else is ignored and the page keeps its own look.
 */

/** The accent behind white text: at least WCAG AA contrast (4.5:1) against it, or it is not taken. */
function readableAccent(value: string | null): string | undefined {
  const hex = value?.match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i)?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const channel = (i: number) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return 1.05 / (luminance + 0.05) >= 4.5 ? `#${full}` : undefined;
}

/** A length in px within [min, max]. */
function pixels(value: string | null, min: number, max: number): string | undefined {
  const px = value?.match(/^(\d{1,2}(?:\.\d{1,2})?)px$/)?.[1];
  return px !== undefined && Number(px) >= min && Number(px) <= max ? `${px}px` : undefined;
}

/** A list of font family names: letters, digits, spaces, quotes, hyphens and commas only. */
function fontList(value: string | null): string | undefined {
  return value && value.length <= 200 && /^[\w\s,'"-]+$/.test(value) ? value : undefined;
}

/** What the page takes from its query: the CSS variables pages.css reads, by name. */
export function themeFromQuery(query: URLSearchParams): { mode?: 'dark' | 'light'; variables: Record<string, string> } {
  const mode = query.get('theme');
  const accent = readableAccent(query.get('accent'));
  const radius = pixels(query.get('radius'), 0, 12);
  const font = fontList(query.get('font'));
  const size = pixels(query.get('size'), 8, 14);
  const variables: Record<string, string> = {
    ...(accent ? { '--accent': accent, '--accent-text': '#ffffff' } : {}),
    // The modal's radius master is 4 px and its controls round at 3x it.
    ...(radius ? { '--radius': `calc(${radius} * 3)` } : {}),
    ...(font ? { '--font': font } : {}),
    // The modal's font size master is 10 px and its text 1.5x it.
    ...(size ? { '--size': `calc(${size} * 1.5)` } : {}),
  };
  return { ...(mode === 'dark' || mode === 'light' ? { mode } : {}), variables };
}

/** Applies the checked theme to this page's root. */
export function applyTheme(): void {
  const { mode, variables } = themeFromQuery(new URLSearchParams(location.search));
  const root = document.documentElement;
  if (mode) root.dataset.theme = mode;
  for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
}
