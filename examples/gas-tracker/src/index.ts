export { createGasTrackerPlugin, GAS_TRACKER_VIEW, type GasTrackerOptions, type GasTrackerPlugin } from './createGasTrackerPlugin.js';
