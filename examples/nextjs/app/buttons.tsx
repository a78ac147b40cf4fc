'use client';
// Latch's components use hooks: re-exported from a client module so server components can render them.
export { ConnectButton, NetworkButton } from '@latch/react';
