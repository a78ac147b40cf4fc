import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LatchError } from '@latch/kernel';
import {
  cleanupModals,
  createTestModal,
  openModal,
  token,
  USER_REJECTED,
  withSend,
  withTokenBalances,
} from '../../test-support/renderModal.js';
import { mainnet } from '@latch/testkit/kernel';

afterEach(async () => {
  vi.restoreAllMocks();
  await cleanupModals();
});

const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const evmAddress = (a: string) => /^0x[0-9a-fA-F]{40}$/.test(a);

/** A connected account with ETH 2 and LDT 100 (6 decimals), opened at the Send view. */
async function openSend(options: Parameters<typeof withSend>[1] = {}, overrides: Parameters<typeof createTestModal>[0] = {}) {
  const made = createTestModal(overrides, { balance: '2' });
  made.fake.adapter.isAddress = evmAddress;
  withTokenBalances(made.fake.adapter, [
    token('ETH', '2', { name: 'Ether' }),
    token('LDT', '100', { name: 'Latch Demo Token', address: TOKEN, quantity: { decimals: '6', numeric: '100' } }),
  ]);
  const transfers = withSend(made.fake.adapter, options);
  await made.modal.connect('w');
  const screen = await openModal(made.modal);
  fireEvent.click(await screen.ui.findByTestId('latch-feature-WalletSend'));
  await screen.ui.findByTestId('latch-send');
  await screen.ui.findByRole('button', { name: /Token ETH, balance 2\.000/ });
  return { ...made, ...screen, transfers, user: userEvent.setup() };
}

describe('Send form (§2, §5)', () => {
  it('is reached from the Account view, titled Send, with the native token chosen', async () => {
    const { ui } = await openSend();
    expect(ui.getByRole('dialog', { name: 'Send' })).toBeTruthy();
    expect(ui.getByLabelText('Amount (ETH)')).toBeTruthy();
    expect(ui.getByLabelText('To')).toBeTruthy();
  });

  it("blocks an empty form with §5's message and moves focus to the first empty field", async () => {
    const { ui, root, user, transfers } = await openSend();
    await user.click(ui.getByRole('button', { name: 'Review send' }));
    expect(ui.getByRole('alert').textContent).toBe('An amount and receiver address are required');
    const amount = ui.getByLabelText('Amount (ETH)');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(root.getRootNode() instanceof ShadowRoot && (root.getRootNode() as ShadowRoot).activeElement).toBe(amount);
    expect(ui.queryByTestId('latch-send-preview')).toBeNull();
    expect(transfers).toEqual([]);
  });

  it('blocks an invalid address, says why, and points the field at the reason', async () => {
    const { ui, user } = await openSend();
    await user.type(ui.getByLabelText('Amount (ETH)'), '1');
    const to = ui.getByLabelText('To');
    await user.type(to, '0x1234');
    await user.click(ui.getByRole('button', { name: 'Review send' }));
    expect(to.getAttribute('aria-invalid')).toBe('true');
    const hint = ui.getByText('Invalid receiver address', { selector: '.hint' });
    expect(to.getAttribute('aria-describedby')).toBe(hint.id);
    expect(ui.queryByTestId('latch-send-preview')).toBeNull();
  });

  it('blocks more than the balance, and more decimals than the token has', async () => {
    const { ui, user } = await openSend();
    const amount = ui.getByLabelText('Amount (ETH)');
    await user.type(amount, '2.5');
    await user.type(ui.getByLabelText('To'), RECEIVER);
    await user.click(ui.getByRole('button', { name: 'Review send' }));
    expect(ui.getByRole('alert').textContent).toBe('Insufficient ETH balance');
    await user.click(ui.getByRole('button', { name: /Token ETH/ }));
    await user.click(await ui.findByRole('button', { name: /Latch Demo Token/ }));
    fireEvent.change(await ui.findByLabelText('Amount (LDT)'), { target: { value: '1.0000001' } });
    await user.click(ui.getByRole('button', { name: 'Review send' }));
    expect(ui.getByRole('alert').textContent).toBe('At most 6 decimal places');
  });

  it('Max fills the whole token balance, and the native balance less the fee', async () => {
    const { ui, user } = await openSend({ fee: 10n ** 16n });
    await user.type(ui.getByLabelText('To'), RECEIVER);
    await user.click(ui.getByRole('button', { name: 'Max ETH' }));
    await waitFor(() => expect((ui.getByLabelText('Amount (ETH)') as HTMLInputElement).value).toBe('1.99'));
    await user.click(ui.getByRole('button', { name: /Token ETH/ }));
    await user.click(await ui.findByRole('button', { name: /Latch Demo Token/ }));
    await user.click(await ui.findByRole('button', { name: 'Max LDT' }));
    await waitFor(() => expect((ui.getByLabelText('Amount (LDT)') as HTMLInputElement).value).toBe('100'));
  });

  it('keeps what was typed across the token list and back, and searches tokens', async () => {
    const { ui, user } = await openSend();
    await user.type(ui.getByLabelText('To'), RECEIVER);
    await user.click(ui.getByRole('button', { name: /Token ETH/ }));
    await user.type(await ui.findByRole('searchbox', { name: 'Search tokens' }), 'ldt');
    expect(ui.getAllByRole('listitem')).toHaveLength(1);
    await user.click(ui.getByRole('button', { name: /Latch Demo Token/ }));
    expect(((await ui.findByLabelText('To')) as HTMLInputElement).value).toBe(RECEIVER);
  });

  it('resolves a name through the names capability and sends to its address', async () => {
    const { ui, user, fake, transfers } = await openSend();
    fake.adapter.capabilities!.names = { resolveName: async (name) => (name === 'bob.test' ? RECEIVER : undefined) };
    await user.type(ui.getByLabelText('Amount (ETH)'), '0.5');
    await user.type(ui.getByPlaceholderText('Address or name'), 'nobody.test');
    expect(await ui.findByText('No address found for nobody.test')).toBeTruthy();
    fireEvent.change(ui.getByLabelText('To'), { target: { value: 'bob.test' } });
    expect(await ui.findByText(`bob.test → ${RECEIVER}`)).toBeTruthy();
    await user.click(ui.getByRole('button', { name: 'Review send' }));
    expect((await ui.findByTestId('latch-send-to')).textContent).toBe('bob.test (0x70…dc79C8)');
    await user.click(ui.getByTestId('latch-send-confirm'));
    await ui.findByTestId('latch-send-result');
    expect(transfers.map((t) => t.to)).toEqual([RECEIVER]);
  });
});

describe('Send preview and result', () => {
  async function toPreview(options: Parameters<typeof withSend>[1] = {}, overrides: Parameters<typeof createTestModal>[0] = {}) {
    const opened = await openSend(options, overrides);
    await opened.user.type(opened.ui.getByLabelText('Amount (ETH)'), '1.5');
    await opened.user.type(opened.ui.getByLabelText('To'), RECEIVER);
    await opened.user.click(opened.ui.getByRole('button', { name: 'Review send' }));
    await opened.ui.findByTestId('latch-send-preview');
    return opened;
  }

  it('shows the amount, the receiver, the network and the fee, titled Review Send', async () => {
    const { ui } = await toPreview();
    expect(ui.getByRole('dialog', { name: 'Review Send' })).toBeTruthy();
    expect(ui.getByTestId('latch-send-amount').textContent).toBe('1.5 ETH');
    expect(ui.getByTestId('latch-send-to').textContent).toBe('0x70…dc79C8');
    expect(ui.getByText('eip155 1')).toBeTruthy();
    await waitFor(() => expect(ui.getByTestId('latch-send-fee').textContent).toBe('0.000042 ETH'));
  });

  it('shows every digit typed and every digit of the fee: what the review shows is what is sent and paid', async () => {
    const opened = await openSend({ fee: 900_000_000_000_001n });
    await opened.user.type(opened.ui.getByLabelText('Amount (ETH)'), '1.2341');
    await opened.user.type(opened.ui.getByLabelText('To'), RECEIVER);
    await opened.user.click(opened.ui.getByRole('button', { name: 'Review send' }));
    expect((await opened.ui.findByTestId('latch-send-amount')).textContent).toBe('1.2341 ETH');
    await waitFor(() => expect(opened.ui.getByTestId('latch-send-fee').textContent).toBe('0.000900000000000001 ETH'));
    await opened.user.click(opened.ui.getByTestId('latch-send-confirm'));
    const result = await opened.ui.findByTestId('latch-send-result');
    expect(within(result).getByRole('status').textContent).toBe('1.2341 ETH to 0x70…dc79C8.');
    expect(opened.transfers).toMatchObject([{ amount: 1_234_100_000_000_000_000n, feeQuote: { fee: 900_000_000_000_001n } }]);
  });

  it("stops at the adapter's refusal (a chain rule): the reason shows, Send is off, the wallet is never asked", async () => {
    const opened = await openSend();
    opened.fake.adapter.capabilities!.send!.estimateFee = () =>
      Promise.reject(new LatchError('The amount is below the existential deposit of 0.01 ETH', { category: 'VALIDATION_ERROR' }));
    await opened.user.type(opened.ui.getByLabelText('Amount (ETH)'), '0.001');
    await opened.user.type(opened.ui.getByLabelText('To'), RECEIVER);
    await opened.user.click(opened.ui.getByRole('button', { name: 'Review send' }));
    expect((await opened.ui.findByRole('alert')).textContent).toBe('The amount is below the existential deposit of 0.01 ETH');
    expect(opened.ui.getByTestId('latch-send-fee').textContent).toBe('Not available');
    expect(opened.ui.getByTestId('latch-send-confirm').hasAttribute('disabled')).toBe(true);
    expect(opened.transfers).toEqual([]);
  });

  it("Max's fee goes to the review and to the wallet as it is, with the adapter's warning", async () => {
    const opened = await openSend();
    const quotes: string[] = [];
    const send = opened.fake.adapter.capabilities!.send!;
    send.maxSendable = async () => ({ amount: 1_990_000_000_000_000_000n, fee: { fee: 10n ** 16n, warning: 'This empties the account.' } });
    send.estimateFee = async () => (quotes.push('again'), { fee: 1n });
    await opened.user.type(opened.ui.getByLabelText('To'), RECEIVER);
    await opened.user.click(opened.ui.getByRole('button', { name: 'Max ETH' }));
    await waitFor(() => expect((opened.ui.getByLabelText('Amount (ETH)') as HTMLInputElement).value).toBe('1.99'));
    expect(opened.ui.getByText('This empties the account.')).toBeTruthy();
    await opened.user.click(opened.ui.getByRole('button', { name: 'Review send' }));
    expect((await opened.ui.findByTestId('latch-send-fee')).textContent).toBe('0.01 ETH');
    expect(opened.ui.getByTestId('latch-send-warning').textContent).toBe('This empties the account.');
    await opened.user.click(opened.ui.getByTestId('latch-send-confirm'));
    await opened.ui.findByTestId('latch-send-result');
    expect(opened.transfers).toMatchObject([{ amount: 1_990_000_000_000_000_000n, feeQuote: { fee: 10n ** 16n } }]);
    expect(quotes).toEqual([]);
  });

  it('Max says why when the fee takes the whole balance', async () => {
    const opened = await openSend({ fee: 3n * 10n ** 18n });
    await opened.user.click(opened.ui.getByRole('button', { name: 'Max ETH' }));
    expect(await opened.ui.findByText('Insufficient ETH balance for the network fee')).toBeTruthy();
    expect((opened.ui.getByLabelText('Amount (ETH)') as HTMLInputElement).value).toBe('');
  });

  it('sends the exact amount through the wallet, then shows Sent with the explorer link and refreshes balances', async () => {
    const { ui, user, transfers, fake, modal } = await toPreview();
    const balanceReads = () => fake.calls.filter((c) => c.method === 'getBalance').length;
    const before = balanceReads();
    await user.click(ui.getByTestId('latch-send-confirm'));
    const result = await ui.findByTestId('latch-send-result');
    expect(result.dataset.status).toBe('confirmed');
    expect(ui.getByRole('heading', { name: 'Sent' })).toBeTruthy();
    // The transfer is out: the result is titled Send, not Review Send, and offers no way back into the review.
    expect(ui.getByRole('dialog', { name: 'Send' })).toBeTruthy();
    expect(ui.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ to: RECEIVER, amount: 1_500_000_000_000_000_000n });
    expect(ui.getByRole('link', { name: /View on explorer/ }).getAttribute('href')).toBe(
      `https://explorer.example/tx/0x${'ab'.repeat(32)}`,
    );
    await waitFor(() => expect(balanceReads()).toBeGreaterThan(before));
    await user.click(ui.getByRole('button', { name: 'Done' }));
    await ui.findByTestId('latch-account');
    expect(modal.getState().send.receiverAddress).toBeUndefined();
  });

  it("says 'Signature declined' when the wallet refuses, and lets the visitor try again", async () => {
    let refuse = true;
    const { ui, user, modal } = await toPreview({
      answer: async () => (refuse ? Promise.reject(USER_REJECTED) : `0x${'cd'.repeat(32)}`),
    });
    await user.click(ui.getByTestId('latch-send-confirm'));
    expect((await ui.findByTestId('latch-send-error')).textContent).toBe('Signature declined');
    await waitFor(() => expect(modal.getState().snack.message).toBe('Signature declined'));
    refuse = false;
    await user.click(ui.getByRole('button', { name: 'Try again' }));
    expect((await ui.findByTestId('latch-send-result')).dataset.status).toBe('confirmed');
  });

  it("shows the node's words when the wallet cannot send", async () => {
    const { ui, user } = await toPreview({ answer: async () => Promise.reject(new Error('Insufficient funds for gas')) });
    await user.click(ui.getByTestId('latch-send-confirm'));
    expect((await ui.findByTestId('latch-send-error')).textContent).toBe('Insufficient funds for gas');
  });

  it('shows a reverted transfer as failed, with its reason', async () => {
    const { ui, user } = await toPreview({ outcome: { status: 'failed', reason: 'Execution reverted: transfer amount exceeds balance' } });
    await user.click(ui.getByTestId('latch-send-confirm'));
    const result = await ui.findByTestId('latch-send-result');
    expect(result.dataset.status).toBe('failed');
    expect(ui.getByRole('heading', { name: 'Transaction failed' })).toBeTruthy();
    expect(within(result).getByRole('status').textContent).toBe('Execution reverted: transfer amount exceeds balance');
  });

  it('tells the visitor to confirm in the wallet while it waits, then waits for the network', async () => {
    let approve: (hash: string) => void = () => undefined;
    let include: () => void = () => undefined;
    const { ui, user } = await toPreview({
      answer: () => new Promise((resolve) => (approve = resolve)),
      outcome: () => new Promise((resolve) => (include = () => resolve({ status: 'confirmed' }))),
    });
    await user.click(ui.getByTestId('latch-send-confirm'));
    expect((await ui.findByRole('heading', { name: 'Confirm in your wallet' })).ownerDocument).toBeTruthy();
    approve(`0x${'ef'.repeat(32)}`);
    expect(await ui.findByRole('heading', { name: 'Sending…' })).toBeTruthy();
    include();
    expect(await ui.findByRole('heading', { name: 'Sent' })).toBeTruthy();
  });
});

describe('Wallet features (§9 order)', () => {
  it('shows Receive and Send where the adapter can send, in §9 order', async () => {
    const { modal, fake } = createTestModal();
    withSend(fake.adapter);
    await modal.connect('w');
    const { ui } = await openModal(modal);
    const nav = await ui.findByRole('navigation', { name: 'Wallet features' });
    expect([...nav.querySelectorAll('button')].map((b) => b.textContent?.trim())).toEqual(['Receive', 'Send']);
  });

  it('hides Send without the send capability, and each feature whose flag is off', async () => {
    const bare = createTestModal();
    await bare.modal.connect('w');
    const first = await openModal(bare.modal);
    const nav = await first.ui.findByRole('navigation', { name: 'Wallet features' });
    expect([...nav.querySelectorAll('button')].map((b) => b.textContent?.trim())).toEqual(['Receive']);
    await cleanupModals();

    const off = createTestModal({ features: { send: false, receive: false } });
    withSend(off.fake.adapter);
    await off.modal.connect('w');
    const second = await openModal(off.modal);
    await second.ui.findByTestId('latch-account');
    expect(second.ui.queryByRole('navigation', { name: 'Wallet features' })).toBeNull();
  });

  it('shows Buy and Swap only when their plugins are registered, first, in §9 order', async () => {
    const view = async () => ({ default: () => null });
    const { modal, fake } = createTestModal({
      plugins: [
        { id: 'swap', feature: 'swaps', views: { Swap: view } },
        { id: 'ramp', feature: 'onramp', views: { OnRamp: view } },
      ],
    });
    withSend(fake.adapter);
    await modal.connect('w');
    const { ui } = await openModal(modal);
    const nav = await ui.findByRole('navigation', { name: 'Wallet features' });
    expect([...nav.querySelectorAll('button')].map((b) => b.textContent?.trim())).toEqual(['Buy', 'Swap', 'Receive', 'Send']);
  });
});

describe('Send on a test network (no token rows, §5)', () => {
  it('offers the native currency (balance unknown there: no Max, no balance check), and sends it', async () => {
    const testnet = { ...mainnet, caipNetworkId: 'eip155:11155111' as const, id: 11155111, name: 'Sepolia', testnet: true };
    const made = createTestModal({ networks: [testnet] }, { balance: '2' });
    made.fake.adapter.isAddress = evmAddress;
    withTokenBalances(made.fake.adapter, [token('LDT', '100', { address: TOKEN })]);
    const transfers = withSend(made.fake.adapter);
    await made.modal.connect('w');
    const { ui } = await openModal(made.modal);
    fireEvent.click(await ui.findByTestId('latch-feature-WalletSend'));
    const user = userEvent.setup();
    await user.click(await ui.findByRole('button', { name: 'Token ETH' }));
    const rows = within(await ui.findByTestId('latch-send-tokens')).getAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('ETH')]);
    await user.click(rows[0]!);
    await user.type(await ui.findByLabelText('Amount (ETH)'), '1.5');
    expect(ui.getByRole('button', { name: 'Max ETH' }).hasAttribute('disabled')).toBe(true);
    await user.type(ui.getByLabelText('To'), RECEIVER);
    await user.click(ui.getByRole('button', { name: 'Review send' }));
    await user.click(await ui.findByTestId('latch-send-confirm'));
    await waitFor(() => expect(ui.getByTestId('latch-send-result').getAttribute('data-status')).toBe('confirmed'));
    expect(transfers).toMatchObject([{ to: RECEIVER, amount: 1_500_000_000_000_000_000n }]);
    expect(transfers[0]!.token).toBeUndefined();
  });
});
