/** The modal's theme for a visible frame page (`?theme=dark|light`): cosmetic only, so the host may set it. */
export function applyTheme(): void {
  const theme = new URLSearchParams(location.search).get('theme');
  if (theme === 'dark' || theme === 'light') document.documentElement.dataset.theme = theme;
}
