/**
 * @latch/react — the Latch wallet modal for React hosts. Importing it touches no `window` and
 * makes no request; the modal's code loads the first time it opens (or on hover / idle).
 */
export { createModal, type LatchModal, type ReactModalOptions } from './createModal.js';
export { LatchProvider, useLatchModal } from './context.js';
export { ConnectButton, type ConnectButtonProps } from './components/ConnectButton.js';
export { NetworkButton } from './components/NetworkButton.js';
export { LatchModalHost, Modal } from './components/ModalHost.js';
export {
  useAccount,
  useDisconnect,
  useModal,
  useModalEvents,
  useModalState,
  useNetwork,
  useProvider,
  useSignMessage,
  useWalletInfo,
  type ModalEvent,
  type MutationStatus,
} from './hooks/hooks.js';
export { usePluginContext } from './plugins/usePluginContext.js';
export { THEME_DEFAULTS, type ThemeVariables } from './theme/theme.js';
export { darkTheme, lightTheme, type ThemeColorTokens, type ThemeTokens } from './theme/tokens.js';
// The modal's building blocks for plugin views, styled only with the public --latch-* tokens.
export { Alert, type AlertProps } from './blocks/Alert.js';
export { Button, type ButtonProps } from './blocks/Button.js';
export { ListRow, type ListRowProps } from './blocks/ListRow.js';
export { TextInput, type TextInputProps } from './blocks/TextInput.js';
export { ViewHeader, type ViewHeaderProps } from './blocks/ViewHeader.js';
export { ViewStyles } from './theme/ViewStyles.js';
export { createListRegistry } from './wallets/listRegistry.js';
