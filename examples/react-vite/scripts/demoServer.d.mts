import type { SiwxServerOptions } from '@latch/siwx/server';

export interface DemoServer {
  url: string;
  close(): Promise<void>;
}
export function serveDemo(options: {
  distDir: string;
  config: unknown;
  port?: number;
  /** Mounts the sign-in routes (/siwx) for the server's own host. */
  siwx?: Omit<SiwxServerOptions, 'domains'>;
  /** Headers added to the page's response (a strict host's Content-Security-Policy). */
  pageHeaders?: Record<string, string>;
  /** The testkit mock wallets the page offers ("try with a test wallet"), by namespace; scripts served at /test-wallets/<ns>.js. */
  testWallets?: Record<string, { name: string; address: string; script: string }>;
}): Promise<DemoServer>;
