import { expect, type Page } from '@playwright/test';

/** The two screens every view is checked on: a phone (mobile emulation, touch) and a laptop. */
export const SCREENS = {
  phone: { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
} as const;

/**
 * Makes the host page wider than a phone, as an unbreakable line does (a long address in a `<code>`): on a phone
 * the layout viewport then grows past the visual one, which is what the modal must not follow.
 */
export async function overflowHostPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    const wide = document.createElement('div');
    wide.dataset.testid = 'host-overflow';
    wide.textContent = `0x${'ab'.repeat(40)}`;
    wide.style.cssText = 'white-space: nowrap; font: 16px monospace; width: max-content';
    document.body.appendChild(wide);
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth > innerWidth || document.body.scrollWidth > 375)).toBe(true);
}

interface LayoutReport {
  view: string;
  title: string;
  /** The modal marks a title it made from the view's id (nobody titled the view). */
  untitled: boolean;
  dialog: { left: number; top: number; right: number; bottom: number };
  viewport: { left: number; top: number; right: number; bottom: number };
  scrollsSideways: string[];
  unreachable: string[];
  formHeights: { form: string; heights: Record<string, number> }[];
  tabbable: number;
}

/**
 * Waits for the modal's entrance, height glide and fades (150 ms each) to end. A pointer test clicks the settled
 * sheet: mid-entrance, a tool that scrolls a moving target into view chases it.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      (document.querySelector('latch-modal')?.shadowRoot?.getAnimations() ?? [])
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Everything measured at once, in the page: the dialog, what scrolls, what a pointer would hit. */
function measure(): LayoutReport {
  const root = document.querySelector('latch-modal')?.shadowRoot as ShadowRoot;
  const dialog = root.querySelector<HTMLElement>('[role="dialog"]') as HTMLElement;
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
  const shown = (el: HTMLElement) => {
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('.sr-only, [hidden]');
  };
  const vv = visualViewport as VisualViewport;
  const box = (r: DOMRect) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });

  // Sideways scrolling: a box whose content is wider than it and that lets it scroll (ellipsis clipping is meant).
  const scrollsSideways = [dialog, ...dialog.querySelectorAll<HTMLElement>('*')]
    .filter((el) => {
      const style = getComputedStyle(el);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      return el.scrollWidth > el.clientWidth + 1 && (scrolls || el === dialog);
    })
    .map(name);

  // Every control a pointer can hit: brought into view inside the dialog's scroll box, then hit-tested at its centre.
  const controls = [
    ...dialog.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, textarea, iframe'),
  ].filter(shown);
  const unreachable: string[] = [];
  for (const control of controls) {
    control.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = control.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const inView = x >= vv.offsetLeft && x <= vv.offsetLeft + vv.width && y >= vv.offsetTop && y <= vv.offsetTop + vv.height;
    const hit = root.elementFromPoint(x, y);
    if (!inView || !hit || !(hit === control || control.contains(hit) || (control.tagName === 'INPUT' && hit.closest('label'))))
      unreachable.push(`${name(control)} (hit: ${hit ? name(hit) : 'nothing'})`);
  }
  dialog.querySelector('.body')?.scrollTo(0, 0);

  // One form, one height for its inputs and buttons.
  const formHeights = [...dialog.querySelectorAll('form')].map((form, i) => {
    const parts = [
      ...form.querySelectorAll<HTMLElement>(
        'input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), select, .button, .token-pick, .search',
      ),
    ].filter(shown);
    return {
      form: `form ${i + 1}`,
      heights: Object.fromEntries(parts.map((p) => [name(p), Math.round(p.getBoundingClientRect().height)])),
    };
  });

  // A radio group is one Tab stop (its checked radio, else its first; the arrow keys move inside it), as browsers do.
  const radioStop = (c: HTMLElement) => {
    if (!(c instanceof HTMLInputElement) || c.type !== 'radio' || !c.name) return true;
    const group = controls.filter((o): o is HTMLInputElement => o instanceof HTMLInputElement && o.type === 'radio' && o.name === c.name);
    return group.some((o) => o.checked) ? c.checked : group[0] === c;
  };
  const tabbable = controls.filter(
    (c) => !(c as HTMLButtonElement).disabled && c.tabIndex >= 0 && c.getAttribute('aria-hidden') !== 'true' && radioStop(c),
  );
  tabbable.forEach((c, i) => {
    c.dataset.layoutTab = String(i);
  });

  return {
    view: dialog.dataset.view ?? '',
    title: root.querySelector('.header h2')?.textContent ?? '',
    untitled: root.querySelector('.header h2')?.hasAttribute('data-untitled') ?? true,
    dialog: box(dialog.getBoundingClientRect()),
    viewport: { left: vv.offsetLeft, top: vv.offsetTop, right: vv.offsetLeft + vv.width, bottom: vv.offsetTop + vv.height },
    scrollsSideways,
    unreachable,
    formHeights,
    tabbable: tabbable.length,
  };
}

/** The index (`data-layout-tab`) of the control focused in the modal, or -1. */
function focusedTab(): number {
  const root = document.querySelector('latch-modal')?.shadowRoot;
  const active = root?.activeElement as HTMLElement | null | undefined;
  return active?.dataset.layoutTab === undefined ? -1 : Number(active.dataset.layoutTab);
}

/**
 * The layout rules every view keeps, on every screen and theme: the dialog lies inside the visual viewport, nothing
 * in it scrolls sideways, every control is hit by a pointer at its centre and reached by Tab, the inputs and buttons
 * of one form share a height, and the title is a name for people, not the view's id.
 */
export async function checkLayout(page: Page, label: string): Promise<LayoutReport> {
  await settle(page);
  const report = await page.evaluate(measure);
  const at = `${label} (${report.view})`;
  const { dialog, viewport } = report;
  expect(dialog.left, `${at}: dialog left of the visual viewport`).toBeGreaterThanOrEqual(viewport.left - 1);
  expect(dialog.top, `${at}: dialog above the visual viewport`).toBeGreaterThanOrEqual(viewport.top - 1);
  expect(dialog.right, `${at}: dialog right of the visual viewport`).toBeLessThanOrEqual(viewport.right + 1);
  expect(dialog.bottom, `${at}: dialog below the visual viewport`).toBeLessThanOrEqual(viewport.bottom + 1);
  expect(report.scrollsSideways, `${at}: scrolls sideways`).toEqual([]);
  expect(report.unreachable, `${at}: controls a pointer cannot reach`).toEqual([]);
  for (const { form, heights } of report.formHeights) {
    expect(new Set(Object.values(heights)).size, `${at}: ${form} mixes heights ${JSON.stringify(heights)}`).toBeLessThanOrEqual(1);
  }
  expect(report.title, `${at}: no title`).not.toBe('');
  expect(report.untitled, `${at}: titled by its view id ('${report.title}')`).toBe(false);
  // A name for people, never the view's id as written ('AllWallets', 'EmbeddedOtp'): a title the modal made from an id
  // ('Embedded Otp') is marked untitled (above). A one-word id that is also the right word ('Account', 'Swap') may be the
  // title, given on purpose, and so may a brand written in camel case ('WalletConnect', a wallet's own name).
  if (/[a-z][A-Z]/.test(report.view)) expect(report.title, `${at}: titled by its view id`).not.toBe(report.view);

  // Tab from the dialog itself reaches every control in turn (the dialog keeps focus inside: it cycles).
  if (report.tabbable > 0) {
    const seen = new Set<number>();
    await page.evaluate(() => document.querySelector('latch-modal')?.shadowRoot?.querySelector<HTMLElement>('[role="dialog"]')?.focus());
    for (let i = 0; i < report.tabbable + 2 && seen.size < report.tabbable; i++) {
      await page.keyboard.press('Tab');
      const index = await page.evaluate(focusedTab);
      if (index >= 0) seen.add(index);
    }
    expect(seen.size, `${at}: controls Tab does not reach`).toBe(report.tabbable);
  }
  return report;
}
