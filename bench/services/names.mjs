// Name lookups: what the modal asks when Send resolves a typed name (GET /v1/names/:name), against names registered
// with real signatures. Reads are not limited here (--lookups-per-ip off): the figure is the service's, not the limit's.
import { join } from 'node:path';
import { REPO_ROOT } from '../lib/paths.mjs';

const CLI = join(REPO_ROOT, 'service-names/dist/cli.js');
const SUFFIX = 'bench.test';
const NAMES = 16;

export const names = {
  name: 'name service: lookups',
  unit: 'lookups',
  requestsPerUnit: 1,
  async start({ services, database, ports }) {
    const { createRegistrationMessage, coinTypeOfChain } = await import('@latch/feature-names/protocol');
    const { generatePrivateKey, privateKeyToAccount } = await import('viem/accounts');
    const instances = await Promise.all(
      ports.map((port) =>
        services.startServiceProcess({
          args: [
            ...[CLI, '--suffix', SUFFIX, '--port', String(port), '--public-url', `http://127.0.0.1:${ports[0]}`],
            ...['--lookups-per-ip', 'off', '--registrations-per-ip', 'off'],
            ...(database ? ['--database', database] : []),
          ],
          ready: /latch name service for .* on /,
        }),
      ),
    );
    const urls = ports.map((port) => `http://127.0.0.1:${port}`);
    // NAMES names, each registered by an account of its own (one name per address), signed as the plugin signs.
    const coinType = coinTypeOfChain(31337);
    const registered = [];
    for (let index = 0; index < NAMES; index++) {
      const account = privateKeyToAccount(generatePrivateKey());
      const name = `bench${index}-${Date.now().toString(36)}.${SUFFIX}`;
      const message = createRegistrationMessage({ name, coinType, serviceUrl: urls[0] }, Date.now());
      const body = { coinType, address: account.address, message, signature: await account.signMessage({ message }) };
      const response = await fetch(`${urls[index % urls.length]}/v1/names`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status !== 201) throw new Error(`registering ${name}: HTTP ${response.status} ${await response.text()}`);
      registered.push(name);
    }
    let next = 0;
    return {
      urls,
      processes: instances.map((instance, index) => ({ name: `instance ${index + 1}`, pid: instance.pid })),
      options: {
        connections: NAMES,
        // Each connection looks up a name of its own.
        setupClient(client) {
          client.setRequests([{ method: 'GET', path: `/v1/names/${registered[next++ % registered.length]}` }]);
        },
      },
      async stop() {
        await Promise.all(instances.map((instance) => instance.stop()));
      },
    };
  },
};
