import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Tests import workspace packages from source, so they never run against a stale build. */
export const workspaceAliases = {
  '@latch/kernel/internal': here('./kernel/src/internal.ts'),
  '@latch/kernel': here('./kernel/src/index.ts'),
  '@latch/react': here('./ui-react/src/index.ts'),
  '@latch/testkit/oidc': here('./testkit/src/oidc/index.ts'),
  '@latch/testkit/services': here('./testkit/src/services/index.ts'),
};
