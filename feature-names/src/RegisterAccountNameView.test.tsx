import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChainAdapter } from '@latch/kernel';
import { anvilAccounts } from '@latch/testkit';
import { fireEvent, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { cleanupModals, renderModal, waitForView } from '@latch/react/testing';
import { connector, createFakeAdapter, createTestStorage, mainnet, solanaMainnet } from '@latch/testkit/kernel';
import { createNamesPlugin } from './createNamesPlugin.js';
import { type RunningNameService, startNameService } from '@latch/name-service';

// The fake adapter's account is anvil account 0: its wallet here signs with that real key.
const owner = privateKeyToAccount(anvilAccounts()[0]!.privateKey);
const SUFFIX = 'latch.test';
let service: RunningNameService;

beforeAll(async () => {
  // The test page's origin is an integrator's page: the service lets no page call unless it is allowed.
  service = await startNameService({ suffix: SUFFIX, allowedOrigins: [window.location.origin] });
});
afterAll(() => service?.stop());
afterEach(() => cleanupModals());

/** An eip155 fake whose wallet signs with `sign` (the real key unless a forger is given). */
function walletAdapter(sign: (message: string) => Promise<string>): ChainAdapter {
  const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')], address: owner.address });
  return { ...fake.adapter, capabilities: { ...fake.adapter.capabilities, signMessage: { signMessage: ({ message }) => sign(message) } } };
}

async function openRegister(options: { serviceUrl?: string; sign?: (message: string) => Promise<string> } = {}) {
  const plugin = createNamesPlugin({ serviceUrl: options.serviceUrl ?? service.url, suffix: SUFFIX });
  const adapter = walletAdapter(options.sign ?? ((message) => owner.signMessage({ message })));
  const screen = await renderModal({
    networks: [mainnet],
    adapters: [adapter],
    plugins: [plugin],
    storage: createTestStorage(),
    connect: 'w',
  });
  fireEvent.click(await screen.ui.findByRole('button', { name: 'Register a name' }));
  await waitForView(screen.modal);
  await screen.ui.findByTestId('latch-RegisterAccountName');
  return { ...screen, input: screen.ui.getByRole('textbox', { name: 'Name' }) as HTMLInputElement };
}

describe('RegisterAccountName', () => {
  it('is a named dialog with a labelled field that passes axe', async () => {
    const { ui } = await openRegister();
    expect(ui.getByRole('dialog', { name: 'Choose a Name' })).toBeTruthy();
    const results = await axe.run(ui.getByTestId('latch-RegisterAccountName'), { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('is offered on eip155 only (§9), and not at all when the names flag is off', async () => {
    const plugin = createNamesPlugin({ serviceUrl: service.url, suffix: SUFFIX });
    const onSolana = await renderModal({
      networks: [solanaMainnet],
      adapters: [createFakeAdapter({ namespace: 'solana', connectors: [connector('s', 'solana')] }).adapter],
      plugins: [plugin],
      storage: createTestStorage(),
      connect: 's',
    });
    await onSolana.ui.findByTestId('latch-account');
    expect(onSolana.ui.queryByRole('button', { name: 'Register a name' })).toBeNull();
    await cleanupModals();
    const screen = await renderModal({
      networks: [mainnet],
      adapters: [walletAdapter(async () => '0x')],
      plugins: [plugin],
      features: { names: false },
      storage: createTestStorage(),
      connect: 'w',
    });
    await screen.ui.findByTestId('latch-account');
    expect(screen.ui.queryByRole('button', { name: 'Register a name' })).toBeNull();
  });

  it('checks §5 as typed, then shows availability and suggestions; a suggestion fills the field', async () => {
    const { ui, input } = await openRegister();
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.blur(input);
    expect(ui.getByTestId('latch-name-problem').textContent).toBe('A name must be at least 4 characters');
    fireEvent.change(input, { target: { value: 'ab.cd' } });
    expect(ui.getByTestId('latch-name-problem').textContent).toBe('A name may contain only letters, digits and hyphens');
    fireEvent.change(input, { target: { value: 'Vitalik' } });
    await waitFor(() => expect(ui.getByTestId('latch-name-available').textContent).toBe(`vitalik.${SUFFIX} is available`));
    fireEvent.click(ui.getByRole('button', { name: `vitalik-id.${SUFFIX}` }));
    expect(input.value).toBe('vitalik-id');
  });

  it('registers: the real signature is accepted, the profile name is stored and the success view shows', async () => {
    const { ui, input, modal } = await openRegister();
    fireEvent.change(input, { target: { value: 'gavin' } });
    await waitFor(() => expect(ui.getByTestId('latch-name-available')).toBeTruthy());
    fireEvent.click(ui.getByRole('button', { name: 'Register name' }));
    expect((await ui.findByTestId('latch-registered-name')).textContent).toBe(`gavin.${SUFFIX}`);
    expect(ui.getByRole('dialog', { name: 'Name Registered' })).toBeTruthy();
    expect(modal.getState().account?.profileName).toBe(`gavin.${SUFFIX}`);
    const record = (await (await fetch(`${service.url}/v1/names/gavin.${SUFFIX}`)).json()) as {
      addresses: Record<string, { address: string }>;
    };
    expect(Object.values(record.addresses)[0]?.address).toBe(owner.address);
  });

  it("stays on the form with the service's reason when the signature is forged (§4, §8)", async () => {
    const forger = privateKeyToAccount(anvilAccounts()[1]!.privateKey);
    const { ui, input, modal } = await openRegister({ sign: (message) => forger.signMessage({ message }) });
    const before = modal.getState().account?.profileName;
    fireEvent.change(input, { target: { value: 'forged' } });
    await waitFor(() => expect(ui.getByTestId('latch-name-available')).toBeTruthy());
    fireEvent.click(ui.getByRole('button', { name: 'Register name' }));
    expect((await ui.findByRole('alert')).textContent).toBe('The signature does not match the address');
    expect(ui.getByTestId('latch-RegisterAccountName')).toBeTruthy();
    expect(modal.getState().account?.profileName).toBe(before);
    expect((await fetch(`${service.url}/v1/names/forged.${SUFFIX}`)).status).toBe(404);
  });

  it('says §8 texts when the service fails', async () => {
    // A service that answers every call with 503 (and CORS, so the failure is the status, not the browser's refusal).
    const broken = createServer((_, response) => void response.writeHead(503, { 'access-control-allow-origin': '*' }).end());
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => void broken.close());
    const { ui, input } = await openRegister({ serviceUrl: `http://127.0.0.1:${(broken.address() as AddressInfo).port}` });
    fireEvent.change(input, { target: { value: 'nobody' } });
    await waitFor(() => expect(ui.getByText('Error resolving name')).toBeTruthy());
    fireEvent.change(input, { target: { value: 'ab' } });
    await waitFor(() => expect(ui.getByText('Error fetching name suggestions')).toBeTruthy());
  });
});
