/**
 * The CLI tests run the built `dist/` as users do. So that they can never test stale code after a
 * `src/` edit, the suite's global setup rebuilds `dist/` when any source file is newer than its build
 * output (or has none), instead of trusting that `npm run build` ran.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Source files (`src/**.ts`) whose `dist/**.js` is missing or older than the source. */
export function staleBuildOutputs(repositoryRoot: string): string[] {
  const sourceRoot = join(repositoryRoot, 'src');
  const stale: string[] = [];
  const visit = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.ts')) {
        const output = join(repositoryRoot, 'dist', relative(sourceRoot, path)).replace(/\.ts$/, '.js');
        if (!existsSync(output) || statSync(output).mtimeMs < statSync(path).mtimeMs)
          stale.push(relative(repositoryRoot, path));
      }
    }
  };
  visit(sourceRoot);
  return stale;
}

/** Rebuilds `dist/` when {@link staleBuildOutputs} finds anything; returns the stale files it found. */
export function ensureFreshBuild(repositoryRoot: string): string[] {
  const stale = staleBuildOutputs(repositoryRoot);
  if (stale.length > 0) {
    execFileSync(
      process.execPath,
      [join(repositoryRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
      {
        cwd: repositoryRoot,
        stdio: 'inherit',
      },
    );
  }
  return stale;
}
