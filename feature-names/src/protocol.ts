/*
 * `@latch/feature-names/protocol`: what the names plugin and the name service (`@latch/name-service`) both follow:
 * the name rules and the registration message the service verifies. It imports nothing but `@latch/kernel/errors` (the
 * error class, one module that imports nothing), so the service imports it without the plugin's views or the kernel,
 * and the plugin never pulls in the service's server libraries.
 */
export * from './nameRules.js';
