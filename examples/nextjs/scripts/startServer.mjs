// Starts the built example (`next start`) on a free loopback port against the given chains; used by the e2e
// fixture, bench/nextjs-reload.mjs and packaging/packedApps.test.ts (a copy installed from the tarballs, `appDir`).
// Resolves { url, allowedOrigins, stop() }.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { freePort, startServiceProcess } from '@latch/devnet/services';
import { APP_DIR, PACKED_APP_ENV } from './appDir.mjs';

/**
 * @param {{ eip155: { rpcUrl: string; chainId: number }; solana: { rpcUrl: string; caipNetworkId?: string }; env?: Record<string, string>; appDir?: string; port?: number }} options
 *   `appDir`: the built app's folder (default: this example), with Next resolved from there. `port`: a free loopback
 *   port chosen by the caller (default: one picked here).
 */
export async function startNextExample({ eip155, solana, env = {}, appDir = APP_DIR, port: wanted }) {
  if (!existsSync(join(appDir, '.next/BUILD_ID'))) {
    throw new Error(
      appDir === APP_DIR
        ? `${appDir} is not built: run \`npm run build\` first`
        : `${appDir} holds no Next.js build: \`${PACKED_APP_ENV}=${appDir} npx vitest run --project packaging packedApps\` installs the example there from the tarballs and builds it`,
    );
  }
  const nextBin = createRequire(join(appDir, 'package.json')).resolve('next/dist/bin/next');
  const port = wanted ?? (await freePort());
  const server = await startServiceProcess({
    args: [nextBin, 'start', '--hostname', '127.0.0.1', '--port', String(port)],
    cwd: appDir,
    env: {
      NEXT_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
      LATCH_EIP155_RPC_URL: eip155.rpcUrl,
      LATCH_EIP155_CHAIN_ID: String(eip155.chainId),
      LATCH_SOLANA_RPC_URL: solana.rpcUrl,
      ...(solana.caipNetworkId ? { LATCH_SOLANA_CAIP_NETWORK_ID: solana.caipNetworkId } : {}),
      ...env,
    },
    ready: /Ready in/,
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    /** Origins the page may reach: the app and the configured RPCs. */
    allowedOrigins: [url, new URL(eip155.rpcUrl).origin, new URL(solana.rpcUrl).origin],
    stop: () => server.stop(),
  };
}
