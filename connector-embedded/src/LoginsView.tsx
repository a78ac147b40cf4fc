import { useRef } from 'react';
import { findPlugin, useController, useFocusIn, useFrameTheme, type ViewProps, ViewStyles } from './viewSupport.js';

/**
 * The Account view's "Sign-in methods": hosts the wallet's own page (on the service's origin) that lists how the
 * visitor signs in and, after they confirm it is them, adds a provider account or removes one. Nothing about the
 * account crosses to this page.
 */
export default function LoginsView({ modal, data }: ViewProps) {
  const { pluginId } = (data ?? {}) as { pluginId?: string };
  const plugin = findPlugin(modal, pluginId);
  const { controller } = useController(plugin);
  const frame = useRef<HTMLIFrameElement>(null);
  const view = useRef<HTMLDivElement>(null);
  const theme = useFrameTheme(view);
  useFocusIn(frame, controller && theme);
  if (!plugin) return <p className="empty">The embedded wallet is not registered in this modal.</p>;
  return (
    <div ref={view} className="emb" data-testid="latch-embedded-logins">
      <ViewStyles />
      {controller && theme ? (
        <iframe
          ref={frame}
          className="emb-logins"
          title="Sign-in methods of your wallet"
          src={controller.loginsUrl(theme)}
          // allow-popups: adding a provider opens its sign-in window from inside the wallet's page; allow-forms: the
          // confirmation code is typed into a form (the page's CSP form-action 'none' keeps it from going anywhere).
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="no-referrer"
          data-testid="latch-embedded-logins-frame"
        />
      ) : null}
    </div>
  );
}
