import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureText } from '../../../src/adapters/tools/runShellCommand.js';
import { CappedCapture } from '../../../src/hooks/actions/cappedCapture.js';
import { isProcessAlive as isAlive } from '../../helpers/processes.js';
import { createAdapterWorkspace, idleContext, type AdapterWorkspace } from '../../helpers/adapterWorkspace.js';
import { waitForPid } from '../../helpers/waiting.js';

describe('run_shell_command', () => {
  let fixture: AdapterWorkspace;

  beforeEach(async () => {
    fixture = await createAdapterWorkspace();
  });
  afterEach(() => fixture.cleanup());

  it('runs in the working directory and returns stdout, stderr and the exit code', async () => {
    const { run_shell_command: shell } = fixture.tools();
    const result = await shell.execute({ command: 'pwd; echo to-stderr >&2' }, idleContext());
    expect(result.error).toBeUndefined();
    expect(result.llmContent).toContain('Command: pwd; echo to-stderr >&2');
    expect(result.llmContent).toContain(fixture.root);
    expect(result.llmContent).toContain('to-stderr');
    expect(result.llmContent).toContain('Exit Code: 0');
    expect(result.metadata).toMatchObject({ exitCode: 0, outputTruncated: false });
  });

  it('runs the command in bash, as Gemini CLI does, and tells the model so in its description', async () => {
    const { run_shell_command: shell } = fixture.tools();
    expect(shell.description).toContain('(`bash -c <command>`)');
    const result = await shell.execute(
      { command: `[[ -n "$BASH_VERSION" ]] && echo "bash syntax: \${BASH_VERSINFO[0]}"` },
      idleContext(),
    );
    expect(result.llmContent).toMatch(/bash syntax: \d+/);
    expect(result.metadata).toMatchObject({ exitCode: 0 });
  });

  it('reports a non-zero exit code to the model without turning it into a tool error', async () => {
    const { run_shell_command: shell } = fixture.tools();
    const result = await shell.execute({ command: 'echo failing; exit 3' }, idleContext());
    expect(result.error).toBeUndefined();
    expect(result.llmContent).toContain('Exit Code: 3');
    expect(result.returnDisplay).toContain('[exit code 3]');
    expect(result.metadata).toMatchObject({ exitCode: 3 });
  });

  it('says "(empty)" when the command prints nothing', async () => {
    const { run_shell_command: shell } = fixture.tools();
    const result = await shell.execute({ command: 'true' }, idleContext());
    expect(result.llmContent).toContain('Output: (empty)');
  });

  it('runs in dir_path when it is a directory inside the workspace', async () => {
    await fixture.write('sub/marker.txt', 'here');
    const { run_shell_command: shell } = fixture.tools();
    const result = await shell.execute({ command: 'cat marker.txt', dir_path: 'sub' }, idleContext());
    expect(result.llmContent).toContain('Output: here');
    expect(result.llmContent).toContain('Directory: sub');
  });

  it('refuses a dir_path outside the workspace with a path_outside_workspace result, running nothing', async () => {
    const { run_shell_command: shell } = fixture.tools();
    const result = await shell.execute({ command: 'touch escaped.txt', dir_path: '../outside' }, idleContext());
    expect(result.error?.type).toBe('path_outside_workspace');
    expect(result.llmContent).toContain('outside the workspace');
    expect(existsSync(path.join(fixture.outside, 'escaped.txt'))).toBe(false);
  });

  it('refuses a dir_path that is a file', async () => {
    await fixture.write('plain.txt', 'x');
    const { run_shell_command: shell } = fixture.tools();
    const result = await shell.execute({ command: 'true', dir_path: 'plain.txt' }, idleContext());
    expect(result.error?.type).toBe('not_a_directory');
  });

  it('answers a missing or ill-typed command with an error result naming the parameter', async () => {
    const { run_shell_command: shell } = fixture.tools();
    const missing = await shell.execute({}, idleContext());
    expect(missing.error).toEqual({ type: 'invalid_argument', message: expect.stringContaining('"command"') });
    const numeric = await shell.execute({ command: 42 }, idleContext());
    expect(numeric.error?.type).toBe('invalid_argument');
    expect(numeric.error?.message).toContain('expected a string, got 42');
  });

  it('caps long output, keeping its start and end and saying how much was left out', async () => {
    const { run_shell_command: shell } = fixture.tools({ shellOutputLimit: 1000 });
    const command = 'echo START; head -c 20000 /dev/zero | tr "\\0" a; echo; echo END';
    const result = await shell.execute({ command }, idleContext());
    expect(result.llmContent).toContain('START');
    expect(result.llmContent).toContain('END');
    expect(result.llmContent).toMatch(/\[\.\.\. \d+ bytes of output omitted \.\.\.\]/);
    expect(result.llmContent.length).toBeLessThan(1500);
    expect(result.metadata).toMatchObject({ outputTruncated: true, exitCode: 0 });
  });

  it('kills the whole process group when the command times out', async () => {
    const { run_shell_command: shell } = fixture.tools({ shellTimeoutMs: 300 });
    const result = await shell.execute({ command: 'sleep 30 & echo $! > child.pid; wait' }, idleContext());
    expect(result.error?.type).toBe('shell_timeout');
    expect(result.llmContent).toContain('timed out after 300 ms');
    const child = Number((await fixture.read('child.pid')).trim());
    await vi.waitFor(() => expect(isAlive(child)).toBe(false), { timeout: 10_000, interval: 50 });
  });

  it('kills the command and its children when the context signal aborts, and reports cancellation', async () => {
    const { run_shell_command: shell } = fixture.tools();
    const controller = new AbortController();
    const pending = shell.execute({ command: 'sleep 30 & echo $! > child.pid; wait' }, { signal: controller.signal });
    const child = await waitForPid(path.join(fixture.root, 'child.pid'));
    controller.abort();
    const result = await pending;
    expect(result.error?.type).toBe('cancelled');
    await vi.waitFor(() => expect(isAlive(child)).toBe(false), { timeout: 10_000, interval: 50 });
  });

  it('escalates to SIGKILL for a child that ignores SIGTERM', async () => {
    const { run_shell_command: shell } = fixture.tools();
    const controller = new AbortController();
    const command = `sh -c 'trap "" TERM; echo $$ > stubborn.pid; while :; do sleep 1; done'`;
    const pending = shell.execute({ command }, { signal: controller.signal });
    const stubborn = await waitForPid(path.join(fixture.root, 'stubborn.pid'));
    controller.abort();
    const result = await pending;
    expect(result.error?.type).toBe('cancelled');
    await vi.waitFor(() => expect(isAlive(stubborn)).toBe(false), { timeout: 10_000, interval: 50 });
  });

  it('does not start the command when the signal is already aborted', async () => {
    const { run_shell_command: shell } = fixture.tools();
    const controller = new AbortController();
    controller.abort();
    const result = await shell.execute({ command: 'touch ran.txt' }, { signal: controller.signal });
    expect(result.error?.type).toBe('cancelled');
    expect(existsSync(path.join(fixture.root, 'ran.txt'))).toBe(false);
  });
});

describe('captureText', () => {
  it('joins head and tail around a marker giving the bytes left out, and trims trailing white space', () => {
    const capture = new CappedCapture({ limitBytes: 10, keep: 'headAndTail' });
    capture.push(Buffer.from('0123456789'));
    capture.push(Buffer.from('abcdefghi\n'));
    expect(captureText(capture)).toBe('01234\n[... 10 bytes of output omitted ...]\nfghi');
  });

  it('is the output unchanged when nothing was dropped', () => {
    const capture = new CappedCapture({ limitBytes: 100, keep: 'headAndTail' });
    capture.push(Buffer.from('héllo wörld\n'));
    expect(captureText(capture)).toBe('héllo wörld');
  });
});
