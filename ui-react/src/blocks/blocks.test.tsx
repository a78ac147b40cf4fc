import type { FeaturePlugin, ThemeMode } from '@latch/kernel';
import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Alert, Button, darkTheme, ListRow, lightTheme, TextInput, ViewHeader } from '../index.js';
import { cleanupModals, createTestModal, openModal, shadowCss } from '../test-support/renderModal.js';
import { BLOCKS_CSS } from '../theme/blockStyles.js';

afterEach(cleanupModals);

declare module '@latch/kernel' {
  interface PluginFeatures {
    blocksDemo: boolean;
  }
}

const pressed = vi.fn();

/** A plugin view made only of the building blocks, as a third party would write it. */
function BlocksView() {
  const [name, setName] = useState('');
  const error = name.length > 0 && name.length < 3 ? 'At least 3 characters' : undefined;
  return (
    <div data-testid="blocks-view">
      <ViewHeader title="Gas tracker" description="Fees on the active network" />
      <TextInput label="Name" hint="Letters and digits" error={error} value={name} onChange={(e) => setName(e.target.value)} />
      <TextInput label="Memo" id="memo" aria-describedby="outside" />
      <ListRow label="Fast" description="~15 s" end="12 gwei" onClick={() => pressed('fast')} />
      <ListRow label="Slow" description="~5 min" end="8 gwei" />
      <ListRow label="Off" onClick={() => pressed('off')} disabled />
      <Alert variant="error" title="Request failed">
        The RPC did not answer.
      </Alert>
      <Alert variant="warning">Fees are rising.</Alert>
      <Alert variant="info" title="Tip" />
      <Alert variant="success">Saved.</Alert>
      <Button onClick={() => pressed('secondary')}>Cancel</Button>
      <Button variant="primary" block onClick={() => pressed('primary')}>
        Continue
      </Button>
    </div>
  );
}

const plugin = {
  id: 'blocks-demo',
  feature: 'blocksDemo',
  views: { BlocksDemo: async () => ({ default: BlocksView }) },
} satisfies FeaturePlugin;

async function openBlocks(themeMode: ThemeMode = 'dark') {
  const { modal } = createTestModal({ themeMode, plugins: [plugin] });
  const screen = await openModal(modal, { view: 'BlocksDemo' as never });
  await screen.ui.findByTestId('blocks-view');
  return screen;
}

describe('building blocks in a plugin view', () => {
  it('add their stylesheet to the modal, once, and it uses only public --latch-* tokens', async () => {
    const { shadow } = await openBlocks();
    await waitFor(() => expect(shadowCss(shadow)).toContain('.latch-alert'));
    const sheets = (shadow.adoptedStyleSheets ?? []).filter((sheet) => [...sheet.cssRules].some((r) => r.cssText.includes('.latch-alert')));
    const styles = [...shadow.querySelectorAll('style')].filter((style) => style.textContent?.includes('.latch-alert'));
    expect(sheets.length + styles.length).toBe(1);
    const variables = new Set(BLOCKS_CSS.match(/var\(--[\w-]+/g)?.map((v) => v.slice(4)));
    // The one private name is the alert's own mark, set in the same sheet from a public token.
    expect([...variables].filter((name) => !name.startsWith('--latch-') && name !== '--alert-mark')).toEqual([]);
    expect([...variables].filter((name) => name.startsWith('--latch-') && !PUBLIC_TOKENS.includes(name))).toEqual([]);
  });

  it('TextInput ties its label, hint and error to the input, and marks it invalid only with an error', async () => {
    const { ui } = await openBlocks();
    const input = ui.getByLabelText('Name') as HTMLInputElement;
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(describedBy(input)).toEqual(['Letters and digits']);
    await userEvent.type(input, 'ab');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(input)).toEqual(['Letters and digits', 'At least 3 characters']);
    await userEvent.type(input, 'c');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBeNull());
    // A given id is kept, and the caller's own description comes first.
    const memo = ui.getByLabelText('Memo');
    expect(memo.id).toBe('memo');
    expect(memo.getAttribute('aria-describedby')).toBe('outside');
  });

  it('Alert: error and warning are role=alert, info and success role=status', async () => {
    const view = within((await openBlocks()).ui.getByTestId('blocks-view'));
    expect(view.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Request failedThe RPC did not answer.', 'Fees are rising.']);
    expect(view.getAllByRole('status').map((a) => a.textContent)).toEqual(['Tip', 'Saved.']);
  });

  it('ListRow is a button with onClick (keyboard included), plain content without it; disabled rows do nothing', async () => {
    pressed.mockClear();
    const { ui } = await openBlocks();
    const fast = ui.getByRole('button', { name: /Fast/ });
    fast.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(pressed.mock.calls).toEqual([['fast'], ['fast']]);
    expect(ui.queryByRole('button', { name: /Slow/ })).toBeNull();
    expect(ui.getByText('Slow').closest('.row')?.tagName).toBe('DIV');
    const off = ui.getByRole('button', { name: /Off/ }) as HTMLButtonElement;
    expect(off.disabled).toBe(true);
    fireEvent.click(off);
    expect(pressed).not.toHaveBeenCalledWith('off');
  });

  it("Button is 'secondary' by default, type=button (it never submits a form by accident), primary and block on demand", async () => {
    pressed.mockClear();
    const { ui } = await openBlocks();
    const cancel = ui.getByRole('button', { name: 'Cancel' });
    const next = ui.getByRole('button', { name: 'Continue' });
    expect(cancel.className).toBe('button');
    expect(cancel.getAttribute('type')).toBe('button');
    expect(next.className).toBe('button primary block');
    next.focus();
    await userEvent.keyboard('{Enter}');
    expect(pressed.mock.calls).toEqual([['primary']]);
  });

  it('ViewHeader is a level-3 heading under the modal title, with its description', async () => {
    const { ui } = await openBlocks();
    const heading = ui.getByRole('heading', { level: 3, name: 'Gas tracker' });
    expect(heading.parentElement?.textContent).toBe('Gas trackerFees on the active network');
  });

  it.each(['dark', 'light'] as const)('has no serious axe violations in %s mode', async (themeMode) => {
    const { root } = await openBlocks(themeMode);
    // happy-dom has no layout, so contrast is checked from the tokens (tokens.test.ts) and in Chromium.
    const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});

/** Every public token: the keys of a complete token set. */
const PUBLIC_TOKENS = Object.keys(darkTheme());

function describedBy(input: HTMLElement): string[] {
  const root = input.getRootNode() as ShadowRoot;
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => root.getElementById(id)?.textContent ?? `missing #${id}`);
}

/** A computed colour as #rrggbb (happy-dom answers with the declared value, a browser with rgb()). */
function hex(value: string): string {
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(value);
  if (!rgb) return value.toLowerCase();
  return `#${rgb
    .slice(1, 4)
    .map((c) => Number(c).toString(16).padStart(2, '0'))
    .join('')}`;
}

describe('a view made of building blocks looks native in both themes', () => {
  const cases = [
    { name: 'dark', themeMode: 'dark', tokens: darkTheme(), overridden: false },
    { name: 'light', themeMode: 'light', tokens: lightTheme(), overridden: false },
    // The integrator's own set: the blocks follow it as the modal does.
    {
      name: 'dark, with an integrator token set',
      themeMode: 'dark',
      tokens: darkTheme({ '--latch-color-accent': '#7b3fe4', '--latch-color-surface': '#202a38' }),
      overridden: true,
    },
    {
      name: 'light, with an integrator token set',
      themeMode: 'light',
      tokens: lightTheme({ '--latch-color-danger': '#9f1239', '--latch-color-on-accent': '#111111' }),
      overridden: true,
    },
  ] as const;

  it.each(cases)('$name: computed colours are the theme tokens', async ({ themeMode, tokens, overridden }) => {
    const { modal } = createTestModal({ themeMode, plugins: [plugin], themeVariables: overridden ? tokens : undefined });
    const { ui } = await openModal(modal, { view: 'BlocksDemo' as never });
    await ui.findByTestId('blocks-view');
    const colour = (element: Element, property: 'color' | 'backgroundColor' | 'borderTopColor') => hex(getComputedStyle(element)[property]);
    const primary = ui.getByRole('button', { name: 'Continue' });
    const secondary = ui.getByRole('button', { name: 'Cancel' });
    const input = ui.getByLabelText('Name');
    const row = ui.getByRole('button', { name: /Fast/ });
    const error = within(ui.getByTestId('blocks-view')).getAllByRole('alert')[0] as HTMLElement;
    await waitFor(() => expect(colour(primary, 'backgroundColor')).toBe(tokens['--latch-color-accent']));
    expect(colour(primary, 'color')).toBe(tokens['--latch-color-on-accent']);
    expect(colour(secondary, 'backgroundColor')).toBe(tokens['--latch-color-surface']);
    expect(colour(secondary, 'borderTopColor')).toBe(tokens['--latch-color-border']);
    expect(colour(input, 'backgroundColor')).toBe(tokens['--latch-color-surface']);
    expect(colour(input, 'color')).toBe(tokens['--latch-color-fg']);
    expect(colour(ui.getByText('Name', { selector: 'label' }), 'color')).toBe(tokens['--latch-color-muted']);
    expect(colour(ui.getByText('Letters and digits'), 'color')).toBe(tokens['--latch-color-muted']);
    expect(colour(row, 'backgroundColor')).toBe(tokens['--latch-color-surface']);
    expect(colour(ui.getByText('~15 s'), 'color')).toBe(tokens['--latch-color-muted']);
    expect(colour(ui.getByText('Fees on the active network'), 'color')).toBe(tokens['--latch-color-muted']);
    expect(colour(error, 'backgroundColor')).toBe(tokens['--latch-color-surface']);
    expect(colour(within(error).getByText('Request failed'), 'color')).toBe(tokens['--latch-color-danger']);
    await userEvent.type(input, 'ab');
    await waitFor(() => expect(colour(ui.getByText('At least 3 characters'), 'color')).toBe(tokens['--latch-color-danger']));
    expect(colour(input, 'borderTopColor')).toBe(tokens['--latch-color-danger']);
  });
});
