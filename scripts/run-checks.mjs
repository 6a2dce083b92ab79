#!/usr/bin/env node
// `npm test` runs its checks before vitest: the build (the CLI tests spawn dist/), the type-check and
// Biome. They do not depend on one another, so they run at once — on two cores the type-check and the
// build, each one single-threaded TypeScript compiler, overlap instead of queueing. Each one's output
// is printed whole once it ends, so the log reads as if they had run one after another; the exit code
// is the first failure's.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-checks.mjs SCRIPT [SCRIPT...] (npm scripts to run at once)');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const startedAt = Date.now();
      const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
      child.on('close', (code, signal) => {
        const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
        process.stdout.write(`\n> npm run ${script} (${seconds} s)\n${Buffer.concat(output).toString('utf8')}`);
        if (code !== 0) process.stdout.write(`npm run ${script} failed (${signal ?? `exit code ${code}`})\n`);
        resolve(code === 0 ? 0 : (code ?? 1));
      });
    }),
);
const codes = await Promise.all(runs);
process.exit(codes.find((code) => code !== 0) ?? 0);
