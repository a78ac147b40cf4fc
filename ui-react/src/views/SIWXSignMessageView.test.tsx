import userEvent from '@testing-library/user-event';
import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createSiwxSessions } from '@latch/testkit/kernel';
import {
  cleanupModals,
  createTestModal,
  MODAL_ELEMENT_NAME,
  USER_REJECTED,
  waitForOwnMount,
  withAtomicBundles,
  withSignMessage,
} from '../test-support/renderModal.js';

afterEach(cleanupModals);

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

async function connectToSignIn(
  options: Parameters<typeof createSiwxSessions>[0] = {},
  answer?: (message: string) => Promise<string>,
  wallet: { smartAccount?: boolean } = {},
) {
  const siwx = createSiwxSessions({ statement: 'Sign in to Example.', ...options });
  const made = createTestModal({
    siwx: siwx.config,
    metadata: { name: 'Example', description: '', url: 'https://app.example.com', icons: [] },
  });
  const signed = withSignMessage(made.fake.adapter, answer);
  // A wallet that runs bundles atomically (EIP-5792) is a smart account.
  if (wallet.smartAccount) withAtomicBundles(made.fake.adapter);
  const before = new Set(document.querySelectorAll(MODAL_ELEMENT_NAME));
  await made.modal.connect('w');
  const screen = await waitForOwnMount(made.modal, before);
  await screen.ui.findByText('app.example.com');
  if (wallet.smartAccount)
    await waitFor(() => expect(made.modal.getState().accounts.eip155?.allAccounts).toEqual([{ address: ADDRESS, type: 'smartAccount' }]));
  return { ...made, ...screen, siwx, signed };
}

describe('SIWXSignMessage', () => {
  it('says who asks, the domain, the statement and the account, then signs that message and closes', async () => {
    const { ui, modal, siwx, signed } = await connectToSignIn();
    expect(ui.getByRole('dialog', { name: 'Sign In' })).toBeTruthy();
    expect(ui.getByRole('heading', { name: 'Example wants you to sign in' })).toBeTruthy();
    expect(ui.getByText('Sign in to Example.')).toBeTruthy();
    expect(ui.getByText('0xf3…b92266')).toBeTruthy();
    fireEvent.click(ui.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(modal.getState().open).toBe(false));
    expect(signed).toEqual([`app.example.com asks eip155:1:${ADDRESS} to sign in (#1)`]);
    expect(siwx.stored).toEqual([{ message: signed[0], signature: `0x${'5a'.repeat(65)}` }]);
  });

  it("a decline says 'Signature declined', keeps the visitor connected, and Try again signs a fresh message", async () => {
    let decline = true;
    const { ui, modal, siwx, signed } = await connectToSignIn({}, async () => {
      if (decline) throw USER_REJECTED;
      return '0xabcdef';
    });
    fireEvent.click(ui.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(ui.getByTestId('latch-siwx').dataset.phase).toBe('declined'));
    expect(ui.getByText('Signature declined', { selector: 'p' })).toBeTruthy();
    await waitFor(() => expect(modal.getState().snack).toMatchObject({ open: true, message: 'Signature declined', variant: 'error' }));
    expect(modal.getState()).toMatchObject({ status: 'connected', open: true, view: 'SIWXSignMessage' });
    decline = false;
    fireEvent.click(ui.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(modal.getState().open).toBe(false));
    expect(signed).toHaveLength(2);
    expect(signed[1]).toMatch(/\(#2\)$/);
    expect(siwx.stored.map((s) => s.signature)).toEqual(['0xabcdef']);
  });

  it("shows the server's reason when it refuses the sign-in", async () => {
    const { ui, modal } = await connectToSignIn({ refuse: 'The nonce expired; ask for a new one' });
    fireEvent.click(ui.getByRole('button', { name: 'Sign in' }));
    expect(await ui.findByText('The nonce expired; ask for a new one')).toBeTruthy();
    expect(modal.getState().open).toBe(true);
    expect(modal.getState().snack.open).toBe(false);
  });

  it("a smart account the app's server does not accept: the reason, and the snack 'This application might not support Smart Accounts'", async () => {
    const { ui, modal } = await connectToSignIn({ refuse: 'The signature is not valid for this address' }, undefined, {
      smartAccount: true,
    });
    fireEvent.click(ui.getByRole('button', { name: 'Sign in' }));
    expect(await ui.findByText('The signature is not valid for this address')).toBeTruthy();
    await waitFor(() =>
      expect(modal.getState().snack).toMatchObject({
        open: true,
        message: 'This application might not support Smart Accounts',
        variant: 'error',
      }),
    );
    expect(modal.getState()).toMatchObject({ status: 'connected', open: true, view: 'SIWXSignMessage' });
  });

  it('a smart account whose wallet fails to sign gets the same snack; a decline stays "Signature declined"', async () => {
    let decline = false;
    const { ui, modal } = await connectToSignIn(
      {},
      async () => {
        if (decline) throw USER_REJECTED;
        throw new Error('The account cannot sign this message');
      },
      { smartAccount: true },
    );
    fireEvent.click(ui.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(modal.getState().snack).toMatchObject({ open: true, message: 'This application might not support Smart Accounts' }),
    );
    decline = true;
    fireEvent.click(ui.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(ui.getByTestId('latch-siwx').dataset.phase).toBe('declined'));
    await waitFor(() => expect(modal.getState().snack).toMatchObject({ open: true, message: 'Signature declined' }));
  });

  it('required: Close is refused (the dialog shakes), Disconnect ends the connection and goes to Connect', async () => {
    const { ui, modal } = await connectToSignIn({ required: true });
    fireEvent.click(ui.getByRole('button', { name: 'Close' }));
    expect(modal.getState().open).toBe(true);
    fireEvent.keyDown(ui.getByRole('dialog'), { key: 'Escape' });
    expect(modal.getState().open).toBe(true);
    fireEvent.click(ui.getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(modal.getState()).toMatchObject({ status: 'disconnected', view: 'Connect', open: true }));
  });

  it('not required: Cancel closes and keeps the visitor connected', async () => {
    const { ui, modal } = await connectToSignIn();
    fireEvent.click(ui.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(modal.getState().open).toBe(false));
    expect(modal.getState().status).toBe('connected');
  });

  it('works from the keyboard: focus starts on Sign in, Enter signs', async () => {
    const user = userEvent.setup();
    const { ui, modal, shadow } = await connectToSignIn();
    await waitFor(() => expect(shadow.activeElement).toBe(ui.getByRole('button', { name: 'Sign in' })));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(modal.getState().open).toBe(false));
  });
});
