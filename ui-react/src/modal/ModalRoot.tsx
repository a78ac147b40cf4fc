import { useId } from 'react';
import type { LatchModal } from '../createModal.js';
import { AlertBanner } from '../parts/AlertBanner.js';
import { BackIcon, CloseIcon } from '../parts/icons.js';
import { Snackbar } from '../parts/Snackbar.js';
import { themeAtom } from '../theme/themeAtom.js';
import { themeStyle } from '../theme/theme.js';
import { Dialog } from './Dialog.js';
import { ViewHost } from './ViewHost.js';
import { resolveViewLoader, untitledName, viewTitle } from './views.js';
import { alertsAtom, currentViewAtom, getInternals, modalAtom, routerAtom } from '@latch/kernel/internal';
import { useAtomValueRawSync } from 'jotai/react';

/** Views with nothing to go back to from the visitor's point of view. */
const ROOT_VIEWS = new Set(['Connect', 'Account', 'UnsupportedChain']);

export function ModalRoot({ modal, embedded = false }: { modal: LatchModal; embedded?: boolean }) {
  const store = getInternals(modal).store;
  const state = useAtomValueRawSync(modalAtom, { store });
  const route = useAtomValueRawSync(currentViewAtom, { store });
  const history = useAtomValueRawSync(routerAtom, { store }).history;
  const theme = useAtomValueRawSync(themeAtom, { store });
  const alerts = useAtomValueRawSync(alertsAtom, { store });
  const titleId = useId();
  const loader = resolveViewLoader(modal, route.view);
  const title = viewTitle(route.view, route.data);
  const showBack = history.length > 1 && !ROOT_VIEWS.has(route.view);
  // §2 ApproveTransaction over a view (a send in progress): that view stays mounted, hidden, so it keeps its state.
  const under = route.view === 'ApproveTransaction' && history.length > 1 ? history[history.length - 2] : undefined;
  const requestClose = () => {
    if (!modal.close()) getInternals(modal).feedback.shake();
  };

  // Inline: the integrator's theme variables and tokens (themeVariables), over the stylesheet's palette.
  return (
    <div className="latch-root" data-theme={theme.mode} style={themeStyle(theme.variables)}>
      {state.open || embedded ? (
        <Dialog titleId={titleId} view={route.view} embedded={embedded} shake={state.shake} onRequestClose={requestClose}>
          <div className="header">
            {showBack ? (
              <button type="button" className="icon-button" aria-label="Back" onClick={() => getInternals(modal).router.goBack()}>
                <BackIcon />
              </button>
            ) : (
              <span />
            )}
            {/* data-untitled: a view opened with no title shows its name, and the layout tests catch it. */}
            <h2 id={titleId} data-untitled={title === undefined || undefined}>
              {title ?? untitledName(route.view)}
            </h2>
            {embedded ? (
              <span />
            ) : (
              <button type="button" className="icon-button" aria-label="Close" onClick={requestClose}>
                <CloseIcon />
              </button>
            )}
          </div>
          {alerts.current ? <AlertBanner alert={alerts.current} onDismiss={() => getInternals(modal).feedback.dismissAlert()} /> : null}
          {under ? (
            <div className="body" key={`${under.view}-${history.length - 1}`} hidden>
              <ViewHost modal={modal} loader={resolveViewLoader(modal, under.view)} data={under.data} view={under.view} />
            </div>
          ) : null}
          <div className="body" key={`${route.view}-${history.length}`} aria-busy={state.loading || undefined}>
            <ViewHost modal={modal} loader={loader} data={route.data} view={route.view} />
          </div>
        </Dialog>
      ) : null}
      <Snackbar modal={modal} />
    </div>
  );
}
