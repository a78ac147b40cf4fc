// Issue 24: images the modal shows are loaded first and given up after 2 s (§9). A token icon on an image host
// (listed in imageHosts) that accepts the connection and never answers: the Tokens tab shows the token's monogram,
// not a blank or a broken image.
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serveDemo } from '../scripts/demoServer.mjs';
import { DIST_DIR, dialog, expect, test } from './fixtures.js';
import { WALLET_NAME } from './helpers.js';
import { connectWallet } from './namespaceFlows.js';

test('a token icon whose host never answers: the monogram shows once the modal gives up', async ({ page, chains, installWallet }) => {
  const sockets = new Set<Socket>();
  const asked: string[] = [];
  // Reads the request line, never writes a byte back.
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.once('data', (chunk) => asked.push(chunk.toString().split('\r\n')[0] ?? ''));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const imageUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/ldt.png`;
  const server = await serveDemo({
    distDir: DIST_DIR,
    config: {
      chains: [{ chainId: 31337, rpcUrl: chains.main.rpcUrl, name: 'Local Devnet' }],
      token: chains.main.contracts.token,
      tokenImage: imageUrl,
    },
  });
  try {
    await installWallet(page);
    await page.goto(server.url);
    await connectWallet(page, WALLET_NAME);
    await page.getByTestId('latch-account-button').click();
    const row = dialog(page).getByTestId('latch-tokens').getByRole('listitem').filter({ hasText: 'LDT' });
    await expect(row).toBeVisible();
    // The icon was asked for (it is on imageHosts)…
    await expect.poll(() => asked).toContain('GET /ldt.png HTTP/1.1');
    // …and, with no answer, given up on: the monogram, no image element left waiting.
    await expect(row.locator('.monogram[data-letter="L"]')).toBeVisible();
    await expect(row.locator('img')).toHaveCount(0);
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    await server.close();
  }
});
