import { defineProject } from 'vitest/config';
import { isolatedTwin } from '../vitest.shared.js';
import { ISOLATED_FILES, project } from './vitest.config.js';

// devnet's files that need a process of their own each (see ISOLATED_FILES).
export default defineProject(isolatedTwin(project, ISOLATED_FILES));
