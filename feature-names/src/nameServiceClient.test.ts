// @vitest-environment node
import { anvilAccounts } from '@latch/testkit';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinTypeOfChain, createRegistrationMessage } from './nameRules.js';
import { createNameServiceClient } from './nameServiceClient.js';
import { type RunningNameService, startNameService } from '@latch/name-service';

const [alice, bob] = anvilAccounts().map((a) => privateKeyToAccount(a.privateKey));
const SUFFIX = 'latch.test';

describe('the name service client against the reference service', () => {
  let service: RunningNameService;
  const requests: string[] = [];
  let clock = Date.now();
  const counting: typeof fetch = (input, init) => {
    requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
    return fetch(input, init);
  };
  const client = () => createNameServiceClient({ serviceUrl: service.url, suffix: SUFFIX }, { fetch: counting, now: () => clock });

  beforeAll(async () => {
    service = await startNameService({ suffix: SUFFIX });
  });
  afterAll(() => service?.stop());

  async function registration(name: string, account = alice!) {
    const message = createRegistrationMessage({ name, coinType: coinTypeOfChain(31337), serviceUrl: service.url }, Date.now());
    return { name, coinType: coinTypeOfChain(31337), address: account.address, message, signature: await account.signMessage({ message }) };
  }

  it('registers, then resolves the name and finds it by address', async () => {
    const names = client();
    expect(await names.resolveName(`alice.${SUFFIX}`)).toEqual([]);
    await names.registerName(await registration(`alice.${SUFFIX}`));
    // Registering forgot the cached "not registered".
    expect(await names.resolveName(`alice.${SUFFIX}`)).toEqual([alice!.address]);
    expect(await names.lookupAddress(alice!.address)).toEqual([`alice.${SUFFIX}`]);
    expect(await names.getSuggestions('alice')).toContain(`alice1.${SUFFIX}`);
    requests.length = 0;
    // Another namespace's account (solana here) has no eip155 name: nothing is asked.
    expect(await names.lookupAddress('So11111111111111111111111111111111111111112')).toEqual([]);
    expect(requests).toEqual([]);
  });

  it("rejects with the service's first reason, or 'Error registering name {name}' when it gives none", async () => {
    const names = client();
    await expect(names.registerName(await registration(`alice.${SUFFIX}`, bob))).rejects.toThrow(`Name alice.${SUFFIX} is already taken`);
    const forged = await registration(`forged.${SUFFIX}`);
    await expect(names.registerName({ ...forged, signature: await bob!.signMessage({ message: forged.message }) })).rejects.toThrow(
      'The signature does not match the address',
    );
    const silent = createNameServiceClient(
      { serviceUrl: service.url, suffix: SUFFIX },
      { fetch: async () => new Response('oops', { status: 502 }) },
    );
    await expect(silent.registerName(await registration(`quiet.${SUFFIX}`))).rejects.toThrow(`Error registering name quiet.${SUFFIX}`);
  });

  it('says §8 texts when the service cannot be read', async () => {
    const down = createNameServiceClient({ serviceUrl: 'http://127.0.0.1:9', suffix: SUFFIX });
    await expect(down.getSuggestions('alice')).rejects.toThrow('Error fetching name suggestions');
    await expect(down.lookupAddress(alice!.address)).rejects.toThrow('Error fetching names for address');
    await expect(down.resolveName(`alice.${SUFFIX}`)).rejects.toThrow();
  });

  it('keeps lookups for 5 minutes (§9), then asks again', async () => {
    const names = client();
    requests.length = 0;
    await names.resolveName(`alice.${SUFFIX}`);
    await names.lookupAddress(alice!.address);
    clock += 299_000;
    await names.resolveName(`ALICE.${SUFFIX}`);
    await names.lookupAddress(alice!.address.toLowerCase());
    expect(requests).toHaveLength(2);
    clock += 2_000;
    await names.resolveName(`alice.${SUFFIX}`);
    await names.lookupAddress(alice!.address);
    expect(requests).toEqual([
      `GET /v1/names/alice.${SUFFIX}`,
      `GET /v1/addresses/${alice!.address}/names`,
      `GET /v1/names/alice.${SUFFIX}`,
      `GET /v1/addresses/${alice!.address}/names`,
    ]);
  });
});

describe('the name service client, when the service answers badly', () => {
  const answering = (response: () => Response) =>
    createNameServiceClient({ serviceUrl: 'https://names.example', suffix: SUFFIX }, { fetch: async () => response(), now: () => 0 });

  it('reports a status outside 2xx with the status, and a record without addresses, as API errors', async () => {
    await expect(answering(() => new Response('down', { status: 503 })).resolveName(`alice.${SUFFIX}`)).rejects.toMatchObject({
      name: 'LatchError',
      category: 'API_ERROR',
      code: 'HTTP_STATUS',
      message: 'HTTP status code: 503',
    });
    await expect(answering(() => Response.json(null)).resolveName(`alice.${SUFFIX}`)).rejects.toMatchObject({
      name: 'LatchError',
      category: 'API_ERROR',
      message: 'The name service sent no addresses',
    });
  });
});
