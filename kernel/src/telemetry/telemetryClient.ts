// The part of telemetry that loads only when an endpoint is configured and something is sent.
export { analyticsEvent } from '../analytics.js';
export { createTelemetry } from './telemetry.js';
