import { retryableImport } from '@latch/kernel';
import { type ComponentType, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLatchModal } from '../context.js';

type RootProps = { modal: ReturnType<typeof useLatchModal>; embedded: boolean };

// The modal and its shadow root load when the host first renders; after a failed fetch the next try fetches them anew
// (the kernel's retryableImport says why the same import would not).
const rootCode = /* @__PURE__ */ retryableImport(() => import('../modal/ModalRoot.js'));
const shadowCode = /* @__PURE__ */ retryableImport(() => import('../mount/shadowHost.js'));

/**
 * Renders the modal where the host puts this component, still inside its own shadow root.
 * `embedded`: §1 embedded mode, the modal shows inline and never closes. Without it, for
 * `append: false` hosts that want to choose where the modal's element lives.
 *
 * When the modal's code cannot be fetched, nothing of the host app breaks: an embedded modal says so in place with
 * "Try again"; otherwise nothing shows until the modal is next opened, which fetches the code anew.
 */
export function LatchModalHost({ embedded = false }: { embedded?: boolean }) {
  const modal = useLatchModal();
  const hostRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<{ container: HTMLDivElement; Root: ComponentType<RootProps> }>();
  const [failed, setFailed] = useState(false);
  const inline = embedded || modal.ui.embedded;

  useEffect(() => {
    if (shown || failed) return;
    let live = true;
    Promise.all([shadowCode(), rootCode()]).then(
      ([{ attachModalShadow }, { ModalRoot }]) => {
        if (live && hostRef.current) setShown({ container: attachModalShadow(hostRef.current).container, Root: ModalRoot });
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [shown, failed]);

  // Not embedded: the next open tries again (the modal then shows once its code arrives).
  useEffect(() => (failed && !inline ? modal.on('MODAL_OPEN', () => setFailed(false)) : undefined), [failed, inline, modal]);

  return (
    <div ref={hostRef} data-latch-host="">
      {shown
        ? createPortal(
            <Suspense fallback={null}>
              <shown.Root modal={modal} embedded={inline} />
            </Suspense>,
            shown.container,
          )
        : null}
      {failed && inline ? (
        <div>
          <p role="alert">The wallet modal could not be loaded. Check your connection.</p>
          <button type="button" onClick={() => setFailed(false)}>
            Try again
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** §1: `<Modal embedded/>` renders the modal inline in embedded mode. */
export function Modal(props: { embedded?: boolean }) {
  return <LatchModalHost embedded={props.embedded ?? true} />;
}
