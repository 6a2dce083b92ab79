/**
 * `hookrail run --inspect FILE` then `hookrail inspect FILE` as real processes on the demo scenario:
 * the file starts with the header, the report is one HTML file with no network reference, and bad
 * input (a missing file, a file of no records, unreadable lines) gets one clear message.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExamples, runHookrail, startHookrail, useCliSandbox } from '../helpers/cliProcess.js';
import { readJsonLines } from '../helpers/jsonLines.js';

const sandbox = useCliSandbox(copyExamples);

describe('hookrail inspect', () => {
  it('records the demo with its header and turns it into one self-contained HTML report', async () => {
    const run = await runHookrail(sandbox, [
      'run',
      '--scenario',
      'examples/scenarios/demo.json',
      '--inspect',
      'run.jsonl',
    ]);
    expect(run.exitCode).toBe(0);
    const lines = readJsonLines<{ type: string; machines?: object; title?: string }>(
      join(sandbox.project, 'run.jsonl'),
    );
    expect(lines[0]).toMatchObject({ type: 'hookrail.run', version: 1, title: 'demo' });
    expect(Object.keys(lines[0]!.machines!).sort()).toEqual(['modelCall', 'scheduler', 'session', 'toolCall']);
    expect(new Set(lines.map((line) => line.type))).toEqual(
      new Set([
        'hookrail.run',
        'hookrail.session',
        'hookrail.model',
        'hookrail.call',
        'hookrail.hook',
        '@xstate.actor',
        '@xstate.event',
        '@xstate.snapshot',
      ]),
    );
    // A second run starts the file anew instead of mixing two runs.
    await runHookrail(sandbox, ['run', '--scenario', 'examples/scenarios/demo.json', '--inspect', 'run.jsonl']);
    expect(
      readFileSync(join(sandbox.project, 'run.jsonl'), 'utf8')
        .split('\n')
        .filter((line) => line.includes('"hookrail.run"')),
    ).toHaveLength(1);

    const inspect = await runHookrail(sandbox, ['inspect', 'run.jsonl', '--out', 'report.html']);
    expect(inspect.exitCode).toBe(0);
    expect(inspect.stderr).toBe('');
    expect(inspect.stdout).toMatch(/^wrote .*report\.html \(\d+ records, \d+ KiB\)\n$/);
    const html = readFileSync(join(sandbox.project, 'report.html'), 'utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain("default-src 'none'");
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    expect(html).toContain('block-destructive');
  });

  it('writes RUN.html beside the input by default, and opens a file of XState records only', async () => {
    const old = readFileSync(new URL('../fixtures/inspection/xstate-only-run.jsonl', import.meta.url), 'utf8');
    await sandbox.writeProjectFile('old.jsonl', old);
    const result = await runHookrail(sandbox, ['inspect', 'old.jsonl']);
    expect(result.exitCode).toBe(0);
    expect(readFileSync(join(sandbox.project, 'old.html'), 'utf8')).toContain('"machineId":"toolCall"');
  });

  it('a missing file, a file with no records, and unreadable lines each get one clear message naming the file', async () => {
    const missing = await runHookrail(sandbox, ['inspect', 'nope.jsonl']);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain('nope.jsonl: cannot read the recorded run');
    expect(missing.stderr).not.toMatch(/\n\s+at /);
    await sandbox.writeProjectFile('empty.jsonl', 'hello\n{"no":"type"}\n');
    const empty = await runHookrail(sandbox, ['inspect', 'empty.jsonl']);
    expect(empty.exitCode).toBe(1);
    expect(empty.stderr).toContain('empty.jsonl: no inspection records (2 unreadable line(s); first:');
    const demo = readFileSync(new URL('../fixtures/inspection/demo-run.jsonl', import.meta.url), 'utf8');
    await sandbox.writeProjectFile('partial.jsonl', `${demo}{"type":"hookrail.call",\n`);
    const partial = await runHookrail(sandbox, ['inspect', 'partial.jsonl']);
    expect(partial.exitCode).toBe(0);
    const lastLine = demo.trimEnd().split('\n').length + 1;
    expect(partial.stderr).toContain(`partial.jsonl:${lastLine}: not JSON, skipped`);
    expect(readFileSync(join(sandbox.project, 'partial.html'), 'utf8')).toContain(
      `partial.jsonl:${lastLine}: not JSON`,
    );
  });

  it('run --inspect-serve serves the live report on 127.0.0.1 until Ctrl-C; --port without it is a usage error', async () => {
    const child = startHookrail(sandbox, [
      'run',
      '--scenario',
      'examples/scenarios/demo.json',
      '--inspect-serve',
      '--port',
      '0',
    ]);
    let stderr = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no "live report:" line within 20 s; stderr: ${stderr}`)),
        20_000,
      );
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /live report: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });
    const events = await (async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 20_000);
      const response = await fetch(`${url}events`, { signal: controller.signal });
      let text = '';
      const reader = response.body!.getReader();
      while (!text.includes('event: end')) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += new TextDecoder().decode(chunk.value);
      }
      clearTimeout(timer);
      controller.abort();
      return text;
    })();
    expect(events).toContain('"outcome":"blocked"');
    expect(events).toContain('event: end');
    expect(await (await fetch(url)).text()).toContain('"eventsUrl":"/events?from=');
    child.kill('SIGINT');
    const result = await child;
    // Ctrl-C ends the serving; like any stop signal it exits 128 + 2.
    expect(result.exitCode).toBe(130);
    expect(String(result.stderr)).toContain('the run is over; the report stays at');
    const usage = await runHookrail(sandbox, ['run', '--scenario', 'examples/scenarios/demo.json', '--port', '8080']);
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr).toContain('--port goes with --inspect-serve');
  });
});
