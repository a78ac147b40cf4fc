import { type FeaturePlugin, type NameService, retryableImport } from '@latch/kernel';
import { invalidOption } from '@latch/kernel/errors';
import type { NamesSettings } from './settings.js';

declare module '@latch/kernel' {
  /** The names plugin's own flag: `features: { names: false }` leaves it unregistered. */
  interface PluginFeatures {
    names: boolean;
  }
}

export interface NamesOptions {
  /** The name service's base URL (http or https), e.g. what `startNameService` resolves with. */
  serviceUrl: string;
  /** The domain suffix the service gives this project, e.g. 'latch.id'. */
  suffix: string;
  /** The project id, when the service hosts several (`createNameService({ projects })`). */
  projectId?: string;
}

/** The plugin, with the checked configuration its views read. */
export interface NamesPlugin extends FeaturePlugin {
  readonly names: NamesSettings;
}

const METHODS = ['resolveName', 'lookupAddress', 'getSuggestions', 'registerName'] as const;
// After a failed fetch the next lookup fetches the client's code anew (the kernel's retryableImport says why).
const clientCode = /* @__PURE__ */ retryableImport(() => import('./nameServiceClient.js'));

/**
 * The names feature plugin (§1 "register an on-chain name"): register it in `plugins` at
 * `createModal`. It gives the modal the name service as its `names` data service, so Send resolves
 * its names and the Account view shows an account's name (ENS stays with the eip155 adapter, asked
 * first), and adds "Register a name" to the Account view on eip155. Its code loads on first use.
 */
export function createNamesPlugin({ serviceUrl, suffix, projectId }: NamesOptions): NamesPlugin {
  const url = String(serviceUrl).replace(/\/+$/, '');
  if (!/^https?:\/\/\S+$/.test(url) || !/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(suffix)) {
    throw invalidOption("createNamesPlugin: serviceUrl must be http(s), suffix a lowercase domain ('latch.id')");
  }
  const names: NamesSettings = { serviceUrl: url, suffix, projectId };
  // One client (and its 5-minute caches) per plugin, made once its code has loaded with the first lookup: a failed
  // load leaves nothing behind, so the next lookup loads it anew.
  let client: Required<NameService> | undefined;
  const service = Object.fromEntries(
    METHODS.map((method) => [
      method,
      async (...args: unknown[]) => {
        const { createNameServiceClient } = await clientCode();
        client ??= createNameServiceClient(names);
        return (client[method] as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as Required<NameService>;
  return {
    id: 'names',
    feature: 'names',
    names,
    // Each view is its module's default export, imported as it is: after a failed fetch the modal's "Try again" imports
    // the module anew and takes its default export, which a loader picking another export would not get.
    views: {
      RegisterAccountName: () => import('./RegisterAccountNameView.js'),
      RegisterAccountNameSuccess: () => import('./RegisterAccountNameSuccessView.js'),
    },
    accountEntry: { label: 'Register a name', view: 'RegisterAccountName', namespaces: ['eip155'] },
    dataServices: { names: service },
  } satisfies NamesPlugin;
}
