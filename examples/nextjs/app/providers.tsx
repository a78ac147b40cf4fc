'use client';
import { createEip155Adapter } from '@latch/adapter-eip155';
import { createDevnet } from '@latch/adapter-eip155/networks';
import { createSolanaAdapter } from '@latch/adapter-solana';
import { createSolanaLocalnet } from '@latch/adapter-solana/networks';
import { createEmbeddedWalletConnector } from '@latch/connector-embedded';
import { cookieStorage, type LatchInitialState } from '@latch/kernel';
import { createModal, LatchProvider, type LatchModal } from '@latch/react';
import type { ReactNode } from 'react';
import type { ExampleConfig } from './config';

// One modal per page (and one per server process, which never connects: it only renders).
let modal: LatchModal | undefined;
function getModal(config: ExampleConfig): LatchModal {
  modal ??= createModal({
    networks: [createDevnet(config.eip155), createSolanaLocalnet(config.solana)],
    adapters: [createEip155Adapter(), createSolanaAdapter()],
    // E-mail sign-in when the server names an embedded wallet service: its frame (the one origin the CSP lets the
    // page frame) and views load only when the visitor types an address.
    connectors: config.embedded ? [createEmbeddedWalletConnector(config.embedded)] : [],
    // The connection lives in cookies, so the server renders the connected account after a reload.
    ...(config.cookieState ? { storage: cookieStorage() } : {}),
    metadata: { name: 'Latch on Next.js', description: 'Connect a wallet to a local chain', url: 'http://127.0.0.1', icons: [] },
  });
  return modal;
}

export function Providers({
  config,
  initialState,
  children,
}: {
  config: ExampleConfig;
  initialState: LatchInitialState | undefined;
  children: ReactNode;
}) {
  return (
    <LatchProvider modal={getModal(config)} initialState={initialState}>
      {children}
    </LatchProvider>
  );
}
