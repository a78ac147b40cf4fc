import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Rollup } from 'vite';

export type OutputChunk = Rollup.OutputChunk;

/**
 * Builds a workspace package with its own vite config into a temporary folder inside it, the way
 * `npm run build` does (production mode), and answers questions about the chunk graph.
 */
export async function buildPackage(packageDir: string) {
  const outDir = mkdtempSync(join(packageDir, '.build-test-'));
  // vitest sets NODE_ENV=test, which would switch JSX to React's development runtime.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let chunks: OutputChunk[];
  try {
    const output = (await build({ root: packageDir, mode: 'production', logLevel: 'silent', build: { outDir, emptyOutDir: true, sourcemap: false } })) as Rollup.RollupOutput[];
    chunks = output.flatMap((o) => o.output).filter((c): c is OutputChunk => c.type === 'chunk');
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const isLocal = (fileName: string) => chunks.some((c) => c.fileName === fileName);
  return {
    outDir,
    chunks,
    cleanup: () => rmSync(outDir, { recursive: true, force: true }),
    chunk(fileName: string): OutputChunk {
      const found = chunks.find((c) => c.fileName === fileName);
      if (!found) throw new Error(`no chunk ${fileName} in ${chunks.map((c) => c.fileName).join(', ')}`);
      return found;
    },
    /** The entry and every chunk it loads statically: what a host pays on first load. */
    staticClosure(entry: OutputChunk): OutputChunk[] {
      const seen = new Map<string, OutputChunk>([[entry.fileName, entry]]);
      const queue = [entry];
      for (let next = queue.pop(); next; next = queue.pop()) {
        for (const imported of next.imports) {
          const local = chunks.find((c) => c.fileName === imported);
          if (local && !seen.has(local.fileName)) {
            seen.set(local.fileName, local);
            queue.push(local);
          }
        }
      }
      return [...seen.values()];
    },
    /** Bare specifiers the given chunks import (static and dynamic), outside this build. */
    externalImports(list: readonly OutputChunk[] = chunks): string[] {
      return [...new Set(list.flatMap((c) => [...c.imports, ...c.dynamicImports]).filter((s) => !isLocal(s)))];
    },
  };
}

export type PackageBuild = Awaited<ReturnType<typeof buildPackage>>;
