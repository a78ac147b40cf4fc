import { type ChainNamespace, type ConnectorContext, invalidOption, retryableImport } from '@latch/kernel';
import { EMBEDDED_VIEWS } from './constants.js';
import type { EmbeddedController } from './controller.js';
import type { EmbeddedSettings, EmbeddedWalletOptions, EmbeddedWalletPlugin } from './types.js';

/*
 * The entry: only the factory. The frame client, the providers and the views load with import() when the
 * visitor opens the modal (the e-mail field and social buttons), or a reload restores an earlier login, or the
 * page comes back from a redirect sign-in; never before (§1 privacy).
 */

export { EMBEDDED_VIEWS } from './constants.js';
export type { EmbeddedSettings, EmbeddedWalletOptions, EmbeddedWalletPlugin } from './types.js';

const ICON =
  "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'><rect width='40' height='40' rx='9' fill='%23475467'/><path d='M10 14h20v13H10zM10 14l10 8 10-8' stroke='%23fff' stroke-width='2' fill='none'/></svg>";

function problemWith(o: EmbeddedWalletOptions): string | undefined {
  let url: URL;
  try {
    url = new URL(String(o.serviceUrl));
  } catch {
    return `serviceUrl must be an http(s) URL (got '${String(o.serviceUrl)}')`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'serviceUrl must be an http(s) URL';
  if (typeof o.projectId !== 'string' || !/^[\w.-]{1,64}$/.test(o.projectId)) return 'projectId must be the project id set on the service';
  if (o.namespaces !== undefined && !o.namespaces.every((ns) => ns === 'eip155' || ns === 'solana'))
    return "namespaces must list 'eip155' and/or 'solana'";
  if (o.icon !== undefined && !/^data:image\//.test(String(o.icon))) return 'icon must be a data:image/… URI';
  return undefined;
}

/** The embedded wallet for `createModal({ connectors: [...] })`: e-mail sign-in, one wallet on eip155 and solana. */
export function createEmbeddedWalletConnector(options: EmbeddedWalletOptions): EmbeddedWalletPlugin {
  const o = options ?? ({} as EmbeddedWalletOptions);
  const problem = problemWith(o);
  if (problem) throw invalidOption(`createEmbeddedWalletConnector: ${problem}`);
  const settings: EmbeddedSettings = {
    // The rest (smartAccount, defaultAccountType) as given: checked when the wallet first loads.
    ...o,
    serviceUrl: o.serviceUrl.replace(/\/+$/, ''),
    serviceOrigin: new URL(o.serviceUrl).origin,
    projectId: o.projectId,
    id: o.id ?? 'embedded',
    name: o.name ?? 'Email',
    loadTimeoutMs: o.loadTimeoutMs ?? 20_000,
    requestTimeoutMs: o.requestTimeoutMs ?? 30_000,
  };
  let context: ConnectorContext | undefined;
  let controller: Promise<EmbeddedController> | undefined;
  // A failed fetch of the wallet's code is fetched anew on the next try (retryableImport says why).
  const importController = retryableImport(() => import('./controller.js'));
  // Typed here, not inferred: the plugin below calls it, and it hands the plugin to the controller.
  const load = (): Promise<EmbeddedController> => {
    controller ??= importController().then((m) => m.createController(settings, () => context, plugin));
    controller.catch(() => (controller = undefined));
    return controller;
  };

  const plugin = {
    id: settings.id,
    name: settings.name,
    type: 'ID_AUTH',
    icon: o.icon ?? ICON,
    namespaces: (o.namespaces ?? ['eip155', 'solana']) as ChainNamespace[],
    views: {
      [EMBEDDED_VIEWS.email]: () => import('./EmailSection.js'),
      [EMBEDDED_VIEWS.otp]: () => import('./OtpView.js'),
      [EMBEDDED_VIEWS.recovery]: () => import('./RecoveryView.js'),
      [EMBEDDED_VIEWS.approve]: () => import('./ApproveTransactionView.js'),
      [EMBEDDED_VIEWS.social]: () => import('./SocialView.js'),
      [EMBEDDED_VIEWS.socials]: () => import('./SocialButtons.js'),
      [EMBEDDED_VIEWS.farcaster]: () => import('./FarcasterView.js'),
      [EMBEDDED_VIEWS.logins]: () => import('./LoginsView.js'),
    },
    connectSection: EMBEDDED_VIEWS.email,
    accountEntry: { label: 'Sign-in methods', view: EMBEDDED_VIEWS.logins },
    embedded: { settings, controller: load },
    setup(connectorContext) {
      context = connectorContext;
      // Back from a redirect sign-in (popups blocked): the social view finishes it.
      if (/[?&]latch_social=/.test(`${globalThis.location?.search}`)) connectorContext.openView?.(EMBEDDED_VIEWS.social, { resume: 1 });
      return () => {
        void controller?.then((c) => c.teardown());
        context = undefined;
      };
    },
    connect: async (request) => (await load()).session(request),
    // No e-mail login stored: nothing to restore, no frame, no request.
    restore: async (request) => (context?.storage.get('login') ? (await load()).restore(request) : null),
    async disconnect() {
      if (controller || context?.storage.get('login')) await (await load()).signOut();
    },
  } satisfies EmbeddedWalletPlugin;
  return plugin;
}
