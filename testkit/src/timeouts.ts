/*
 * How long tests let things take, in one place for the testkit, the Vitest projects and the Playwright suite. These are
 * bounds against a hang, never a measure of speed: a test waits for the event it needs (a port reported, a block built,
 * an element shown) and a bound only ends a wait that would last forever. They are sized for a loaded 2-core machine
 * (the suite with `node scripts/cpu-hog.mjs` beside it, and other work besides), where a chain that starts in 2 s idle
 * has taken over a minute. Each bound is below the one that encloses it, so a failure names what it waited for.
 */

/** One chain or service process starting (anvil, chopsticks, Postgres): the testkit gives up after this, with its output. */
export const START_UP_TIMEOUT_MS = 180_000;

/**
 * A test hook or worker fixture that starts chains or services and prepares them (deploys, funding), and a test that
 * drives them: one start-up and what follows.
 */
export const SET_UP_TIMEOUT_MS = 300_000;

/**
 * A wait for the page to show something (Testing Library's `findBy`/`waitFor`, Playwright's `expect`): a render after
 * a lazily loaded module arrives, or after a local chain or service answers.
 */
export const UI_WAIT_TIMEOUT_MS = 20_000;

/** A component test (happy-dom, no process started): room for a few such waits. */
export const COMPONENT_TEST_TIMEOUT_MS = 60_000;
