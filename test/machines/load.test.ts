/**
 * Load: 1,000 concurrent tool calls through one scheduler, each with a real BeforeTool and AfterTool
 * hook process — every result published in request order, no hook process and no file descriptor left.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Config, DebugLogger, type LogRecord } from '../../src/index.js';
import { CappedCapture } from '../../src/hooks/actions/cappedCapture.js';
import { runInProcessGroup } from '../../src/hooks/actions/processGroup.js';
import { createToolScheduler } from '../../src/machines/scheduler.js';
import type { ToolCallUpdate } from '../../src/machines/types.js';
import { fixtureCommand } from '../helpers/hookFixtures.js';
import { recordingTool } from '../helpers/machineScenario.js';
import { waitFor } from '../helpers/waiting.js';
import { assertNoHookProcessesAlive, findHookFixtureProcesses } from '../helpers/processes.js';

const CALLS = 1_000;
const CONCURRENCY = 64;

function openFileDescriptors(): number {
  return readdirSync('/proc/self/fd').length;
}

describe('scheduler under load', () => {
  it.runIf(process.platform === 'linux')(
    `HOOK-134: ${CALLS} concurrent calls with two hook processes each: all published in order, no process or descriptor left`,
    async () => {
      const records: LogRecord[] = [];
      const hook = { type: 'command' as const, command: fixtureCommand('respond.sh', '0', '{"decision":"allow"}') };
      const config = new Config({
        enableHooks: true,
        hooks: { BeforeTool: [{ hooks: [hook] }], AfterTool: [{ hooks: [hook] }] },
        logger: new DebugLogger('hookrail', { sink: (record) => records.push(record), level: 'warn' }),
      });
      const tool = recordingTool();
      const published: string[] = [];
      const scheduler = createToolScheduler({
        config,
        tools: [tool],
        concurrency: CONCURRENCY,
        onUpdate: (update: ToolCallUpdate) => {
          if (update.state === 'published') published.push(update.callId);
        },
      });
      const requests = Array.from({ length: CALLS }, (_, index) => ({
        callId: `call-${index}`,
        name: 'write_file',
        args: { path: `${index}.txt` },
      }));
      // The host's first process group starts its watchdog, whose pipe is the one descriptor that lasts
      // as long as the host; start it before counting.
      const warmUp = await runInProcessGroup({
        command: 'true',
        cwd: process.cwd(),
        stdout: new CappedCapture({ limitBytes: 1 }),
        stderr: new CappedCapture({ limitBytes: 1 }),
        timeoutMs: 10_000,
      });
      expect(warmUp.exitCode).toBe(0);
      const descriptorsBefore = openFileDescriptors();

      const batch = await scheduler.schedule(requests);

      expect(batch.results).toHaveLength(CALLS);
      expect(batch.results.map((result) => result.callId)).toEqual(requests.map((request) => request.callId));
      expect(batch.results.every((result) => result.outcome === 'success')).toBe(true);
      expect(batch.results[CALLS - 1]!.result.llmContent).toBe(`write_file wrote ${CALLS - 1}.txt`);
      expect(published).toEqual(requests.map((request) => request.callId));
      expect(tool.executions).toHaveLength(CALLS);
      expect(records.filter((record) => record.level === 'warn')).toEqual([]);
      expect(scheduler.activeCount).toBe(0);
      expect(scheduler.status).toBe('idle');

      await assertNoHookProcessesAlive();
      expect(findHookFixtureProcesses()).toEqual([]);
      // Pipes of exited hooks close as their streams end; give them a moment, then nothing may be left.
      await waitFor(
        () => openFileDescriptors() <= descriptorsBefore,
        'file descriptors to return to their count before the batch',
        { timeoutMs: 5_000 },
      ).catch(() => undefined);
      expect(openFileDescriptors()).toBeLessThanOrEqual(descriptorsBefore);
    },
    180_000,
  );
});
