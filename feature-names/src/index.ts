export { createNamesPlugin, type NamesOptions, type NamesPlugin } from './createNamesPlugin.js';
export { type NamesSettings, REGISTER_ACCOUNT_NAME_SUCCESS_VIEW, REGISTER_ACCOUNT_NAME_VIEW } from './settings.js';
export {
  chainOfCoinType,
  coinTypeOfChain,
  createRegistrationMessage,
  MAX_NAME_LENGTH,
  MIN_NAME_LENGTH,
  nameLabelProblem,
  type RegistrationMessage,
} from './nameRules.js';
