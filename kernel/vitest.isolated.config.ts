import { defineProject } from 'vitest/config';
import { isolatedTwin } from '../vitest.shared.js';
import { ISOLATED_FILES, project } from './vitest.config.js';

// The kernel's files that need a fresh module graph each (see ISOLATED_FILES).
export default defineProject(isolatedTwin(project, ISOLATED_FILES));
