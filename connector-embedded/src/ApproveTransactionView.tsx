import { usePluginContext } from '@latch/react';
import { useEffect, useRef } from 'react';
import { APPROVAL_TITLES } from './controller.js';
import type { EmbeddedWalletPlugin } from './types.js';
import { findPlugin, useController, useFocusIn, useFrameTheme, type ViewProps, ViewStyles } from './viewSupport.js';

/**
 * §2 ApproveTransaction: hosts the wallet's own approval page (on the service's origin) for the first request
 * waiting for the visitor. What is signed, and the Approve and Reject buttons, are that page's: nothing on this
 * page can approve a request. Leaving the view cancels the request (the app gets 4001, nothing is signed).
 */
export default function ApproveTransactionView({ modal, data }: ViewProps) {
  const { pluginId } = (data ?? {}) as { pluginId?: string };
  const plugin = findPlugin(modal, pluginId);
  const { modal: instance, router } = usePluginContext<EmbeddedWalletPlugin>();
  const { controller, state } = useController(plugin);
  const approval = state.approval;
  const frame = useRef<HTMLIFrameElement>(null);
  const view = useRef<HTMLDivElement>(null);
  const theme = useFrameTheme(view);
  // Keyboard users land in the wallet's page (its own rules decide when a key press may approve).
  useFocusIn(frame, theme && approval?.requestId);

  // Leaving the view without answering cancels the request. Checked after the unmount settles: a remount (React's
  // StrictMode) keeps ApproveTransaction on top and cancels nothing.
  useEffect(() => {
    if (!approval || !controller) return;
    return () => {
      setTimeout(() => {
        const { open, view } = instance.getState();
        if (!open || view !== 'ApproveTransaction') controller.cancelApproval(approval.requestId);
      }, 0);
    };
  }, [approval, controller, instance]);

  // Nothing (left) to approve: back to the view it opened over (a send in progress), or the modal closes.
  useEffect(() => {
    if (!controller || approval) return;
    if (instance.getState().history.length > 1) router.goBack();
    else instance.close({ force: true });
  }, [controller, approval, instance, router]);

  return (
    <div ref={view}>
      {!approval || !controller ? (
        <p className="emb-note">No request is waiting for your approval.</p>
      ) : (
        <div className="emb" data-testid="latch-embedded-approve" data-kind={approval.kind}>
          <ViewStyles />
          <p className="emb-note">Check the request in your wallet below, then approve or reject it there.</p>
          {theme ? (
            <iframe
              key={approval.requestId}
              ref={frame}
              className="emb-approval"
              title={`${APPROVAL_TITLES[approval.kind]}: your wallet`}
              src={controller.approvalUrl(approval.requestId, theme)}
              sandbox="allow-scripts allow-same-origin"
              referrerPolicy="no-referrer"
              data-testid="latch-embedded-approve-frame"
            />
          ) : null}
        </div>
      )}
    </div>
  );
}
