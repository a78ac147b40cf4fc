// Setup file of the projects that render the modal: Testing Library's `findBy*`/`waitFor` wait for an element or a
// condition, and give up after UI_WAIT_TIMEOUT_MS rather than the library's 1 s, which a lazily loaded view's first
// render outlasts on a loaded machine (see testkit/src/timeouts.ts).
import { configure } from '@testing-library/react';
import { UI_WAIT_TIMEOUT_MS } from '../../testkit/src/timeouts.js';

configure({ asyncUtilTimeout: UI_WAIT_TIMEOUT_MS });
