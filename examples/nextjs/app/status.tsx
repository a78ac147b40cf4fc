'use client';
import { useAccount } from '@latch/react';

/** What the app itself reads through the hooks once the wallet has confirmed. */
export function Status() {
  const { status, address, namespace } = useAccount();
  return (
    <p>
      <span data-testid="example-status">{status}</span> <span data-testid="example-namespace">{namespace ?? ''}</span>{' '}
      <span data-testid="example-address">{address ?? ''}</span>
    </p>
  );
}
