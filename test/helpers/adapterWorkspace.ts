/**
 * A throw-away workspace for the built-in tool tests: a working directory, a sibling directory
 * outside it (for confinement tests) and small helpers to put files in either.
 */
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBuiltinTools, type BuiltinToolsOptions } from '../../src/adapters/tools/index.js';
import type { Tool } from '../../src/tool.js';

/** A temporary workspace and a directory outside it; `cleanup()` removes both. */
export interface AdapterWorkspace {
  /** The working directory the tools are confined to (real path). */
  root: string;
  /** A directory next to the workspace, outside it. */
  outside: string;
  /** Writes a file under the workspace, creating parent directories. */
  write(relativePath: string, content: string | Buffer): Promise<string>;
  /** Reads a file under the workspace. */
  read(relativePath: string): Promise<string>;
  /** The built-in tools for this workspace, by name. */
  tools(options?: Omit<BuiltinToolsOptions, 'workingDir'>): Record<string, Tool>;
  cleanup(): Promise<void>;
}

/** Creates a fresh workspace under the system temp directory (real paths, no links). */
export async function createAdapterWorkspace(): Promise<AdapterWorkspace> {
  const base = await realpath(await mkdtemp(path.join(tmpdir(), 'hookrail-tools-')));
  const root = path.join(base, 'workspace');
  const outside = path.join(base, 'outside');
  await mkdir(root);
  await mkdir(outside);
  return {
    root,
    outside,
    async write(relativePath, content) {
      const file = path.join(root, relativePath);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
      return file;
    },
    read(relativePath) {
      return readFile(path.join(root, relativePath), 'utf8');
    },
    tools(options = {}) {
      return Object.fromEntries(createBuiltinTools({ workingDir: root, ...options }).map((tool) => [tool.name, tool]));
    },
    cleanup() {
      return rm(base, { recursive: true, force: true });
    },
  };
}

/** A context whose signal never aborts. */
export function idleContext(): { signal: AbortSignal } {
  return { signal: new AbortController().signal };
}
