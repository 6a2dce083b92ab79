#!/usr/bin/env node
// `npm test` runs its checks before vitest: the build (the CLI tests spawn dist/), Biome and the
// type-check at once. None depends on another's result, and the TypeScript compiler is
// single-threaded, so on two cores they overlap instead of queueing; vitest, which keeps both cores
// busy, then runs alone: beside vitest, the type-check took 21-28 s of a core vitest needed.
//
//   node scripts/run-checks.mjs SCRIPT... [-- COMMAND [ARGS...]]
//
// runs the npm scripts at once, and COMMAND (with this terminal) at the same time. Each script's output
// is printed whole once it ends — after COMMAND's, when there is one — so the log reads as if they had
// run one after another. The exit code is COMMAND's failure, else the first failing script's.
import { spawn } from 'node:child_process';

const separator = process.argv.indexOf('--');
const scripts = process.argv.slice(2, separator === -1 ? undefined : separator);
const command = separator === -1 ? [] : process.argv.slice(separator + 1);
if (scripts.length === 0 && command.length === 0) {
  console.error('usage: node scripts/run-checks.mjs SCRIPT... [-- COMMAND [ARGS...]]');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const reports = [];

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
        let report = `\n> npm run ${script} (${seconds} s)\n${Buffer.concat(output).toString('utf8')}`;
        if (code !== 0) report += `npm run ${script} failed (${signal ?? `exit code ${code}`})\n`;
        if (command.length === 0) process.stdout.write(report);
        else reports.push(report);
        resolve(code === 0 ? 0 : (code ?? 1));
      });
    }),
);
const commandRun =
  command.length === 0
    ? Promise.resolve(0)
    : new Promise((resolve) => {
        const child = spawn(command[0], command.slice(1), { stdio: 'inherit', shell: process.platform === 'win32' });
        child.on('error', (error) => {
          console.error(`${command[0]}: ${error.message}`);
          resolve(1);
        });
        child.on('close', (code) => resolve(code ?? 1));
      });
const [commandCode, ...codes] = await Promise.all([commandRun, ...runs]);
for (const report of reports) process.stdout.write(report);
process.exit(commandCode !== 0 ? commandCode : (codes.find((code) => code !== 0) ?? 0));
