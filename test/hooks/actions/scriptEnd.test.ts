/**
 * A process that announces its script's end on descriptor 3 (as the warm interpreters' bootstraps
 * do), run through the process-group runner with real processes: the run ends at the announcement
 * with its exit code and everything written before it; the group is released at the real exit; an
 * interpreter stuck in its teardown is killed after the kill grace. That a process with a child of
 * its own announces nothing is the bootstraps' part, checked with real hooks in
 * warm/warmStart.test.ts (the leftover tests).
 */
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { CappedCapture } from '../../../src/hooks/actions/cappedCapture.js';
import { runInProcessGroup } from '../../../src/hooks/actions/processGroup.js';
import { listenForScriptEnd } from '../../../src/hooks/actions/scriptEnd.js';
import {
  isProcessGroupAlive,
  killLeftoverProcesses,
  trackedGroups,
} from '../../../src/hooks/actions/processGroupRegistry.js';
import { waitFor } from '../../helpers/waiting.js';

afterEach(async () => {
  await killLeftoverProcesses({ graceMs: 0 });
});

/**
 * A Node process that writes its answer, closes stdout and stderr, announces `end <code>` on
 * descriptor 3, then runs `after` (its "teardown").
 */
function announcingProcess(options: { code: number; before?: string; after: string }) {
  const program = `
    const fs = require('node:fs');
    ${options.before ?? ''}
    fs.writeSync(1, 'the answer\\n');
    fs.writeSync(2, 'a note\\n');
    fs.closeSync(1);
    fs.closeSync(2);
    fs.writeSync(3, 'end ${options.code}\\n');
    ${options.after}
  `;
  return spawn(process.execPath, ['-e', program], { detached: true, stdio: ['pipe', 'pipe', 'pipe', 'pipe'] });
}

function runAnnouncing(child: ReturnType<typeof announcingProcess>, killGraceMs = 5_000) {
  const stdout = new CappedCapture({ limitBytes: 1 << 20 });
  const stderr = new CappedCapture({ limitBytes: 1 << 20 });
  const outcome = runInProcessGroup({
    command: 'node',
    cwd: process.cwd(),
    stdin: '{}',
    stdout,
    stderr,
    timeoutMs: 30_000,
    killGraceMs,
    started: child,
    scriptEnd: child.stdio[3] as Readable,
  });
  return { outcome, stdout: () => stdout.head().toString(), stderr: () => stderr.head().toString() };
}

describe('a process that announces its script end', () => {
  it('the run ends at the announcement, with its exit code and output, while the process still tears down', async () => {
    const child = announcingProcess({ code: 7, after: 'setTimeout(() => {}, 1_500);' });
    const run = runAnnouncing(child);
    const outcome = await run.outcome;
    expect(outcome).toMatchObject({ exitCode: 7, timedOut: false, leftover: false, pipesHeldOpen: false });
    expect(run.stdout()).toBe('the answer\n');
    expect(run.stderr()).toBe('a note\n');
    expect(isProcessGroupAlive(outcome.groupId!)).toBe(true);
    // Released once it really exits: no leftover to kill with its session.
    await waitFor(() => !trackedGroups().includes(outcome.groupId!), 'the group to be released at the real exit');
    expect(child.exitCode).toBe(0);
    expect(await killLeftoverProcesses()).toBe(0);
  });

  it('HOOK-118: an interpreter stuck in its teardown after the announcement is killed after the kill grace', async () => {
    const child = announcingProcess({ code: 0, after: 'setInterval(() => {}, 1_000);' });
    const outcome = await runAnnouncing(child, 200).outcome;
    expect(outcome.exitCode).toBe(0);
    await waitFor(() => child.signalCode !== null, 'the stuck process to be killed');
    expect(child.signalCode).toBe('SIGKILL');
    await waitFor(() => !trackedGroups().includes(outcome.groupId!), 'its group to be released');
  });
});

describe('reading the announcement', () => {
  it('an announcement split across reads is taken once whole, with a code of several digits', async () => {
    const channel = new PassThrough();
    const codes: number[] = [];
    listenForScriptEnd(channel, (code) => codes.push(code));
    for (const piece of ['en', 'd 12', '7']) {
      channel.write(piece);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(codes).toEqual([]);
    channel.write('\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(codes).toEqual([127]);
  });

  it('only an announcement at the start of the channel counts', async () => {
    const channel = new PassThrough();
    const codes: number[] = [];
    listenForScriptEnd(channel, (code) => codes.push(code));
    channel.write('noise end 3\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(codes).toEqual([]);
  });

  it('a channel that fails neither crashes the host nor ends the run', async () => {
    const channel = new PassThrough();
    const codes: number[] = [];
    listenForScriptEnd(channel, (code) => codes.push(code));
    channel.destroy(new Error('EPIPE from the interpreter'));
    await new Promise((resolve) => channel.once('close', resolve));
    expect(codes).toEqual([]);
  });
});
