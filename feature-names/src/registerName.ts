import { type ChainNamespace, invalidOption, type NameService, type PluginContext } from '@latch/kernel';
import { coinTypeOfChain, createRegistrationMessage } from './nameRules.js';
import type { NamesSettings } from './settings.js';

export interface RegisterNameRequest {
  /** The full name, `<label>.<suffix>`. */
  name: string;
  namespace: ChainNamespace;
  address: string;
  /** The CAIP-2 id of the network the account is on ('eip155:1'). */
  caipNetworkId: string;
}

/**
 * §4 name registration: the account signs the §7 message (name, empty attributes, timestamp in
 * seconds, and Latch's coin type, service origin and project), the service registers it (coinType =
 * chain id with the top bit set) and the name becomes the account's profile name. Rejects with the
 * wallet's or the service's reason.
 */
export async function registerName(
  { modal, setProfileName }: Pick<PluginContext, 'modal' | 'setProfileName'>,
  service: NameService,
  settings: NamesSettings,
  request: RegisterNameRequest,
  now: () => number = Date.now,
): Promise<void> {
  if (!service.registerName) throw invalidOption('This name service does not register names');
  const chainId = Number(request.caipNetworkId.split(':')[1]);
  const coinType = coinTypeOfChain(chainId);
  const message = createRegistrationMessage(
    { name: request.name, coinType, serviceUrl: settings.serviceUrl, projectId: settings.projectId },
    now(),
  );
  const signature = await modal.signMessage(message, { namespace: request.namespace });
  await service.registerName({ name: request.name, coinType, address: request.address, message, signature });
  await setProfileName(request.namespace, request.name);
}
