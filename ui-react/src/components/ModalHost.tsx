import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLatchModal } from '../context.js';

const ModalRoot = lazy(() => import('../modal/ModalRoot.js').then((m) => ({ default: m.ModalRoot })));
const loadShadow = () => import('../mount/shadowHost.js');

/**
 * Renders the modal where the host puts this component, still inside its own shadow root.
 * `embedded`: §1 embedded mode, the modal shows inline and never closes. Without it, for
 * `append: false` hosts that want to choose where the modal's element lives.
 */
export function LatchModalHost({ embedded = false }: { embedded?: boolean }) {
  const modal = useLatchModal();
  const hostRef = useRef<HTMLDivElement>(null);
  const [container, setContainer] = useState<HTMLDivElement>();

  useEffect(() => {
    let live = true;
    void loadShadow().then(({ attachModalShadow }) => {
      if (live && hostRef.current && !container) setContainer(attachModalShadow(hostRef.current).container);
    });
    return () => {
      live = false;
    };
  }, [container]);

  return (
    <div ref={hostRef} data-latch-host="">
      {container
        ? createPortal(
            <Suspense fallback={null}>
              <ModalRoot modal={modal} embedded={embedded || modal.ui.embedded} />
            </Suspense>,
            container,
          )
        : null}
    </div>
  );
}

/** §1: `<Modal embedded/>` renders the modal inline in embedded mode. */
export function Modal(props: { embedded?: boolean }) {
  return <LatchModalHost embedded={props.embedded ?? true} />;
}
