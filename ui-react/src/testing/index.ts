/**
 * @latch/react/testing — render the Latch modal in a component test, to test a plugin's view inside the real modal.
 * Needs `@testing-library/react` and a DOM environment (happy-dom, which it is tested in); nothing here is part of the modal a host
 * ships, and `@latch/react` itself never loads this entry.
 */
export {
  cleanupModals,
  MODAL_ELEMENT_NAME,
  type ModalScreen,
  modalScreen,
  openModal,
  type OpenModalOptions,
  type RenderedModal,
  renderModal,
  type RenderModalOptions,
  screenIn,
  track,
  waitForOwnMount,
  waitForView,
} from './renderModal.js';
