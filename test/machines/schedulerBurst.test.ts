/**
 * 1,000 tool calls through one scheduler at concurrency 200, each with a real BeforeTool guard (deny
 * odd ids, rewrite even ones) and a real AfterTool hook (context naming the id): every call gets its
 * own hooks' answers. With 200 calls running, hooks are spawned while others exit; no answer may be
 * lost to a busy event loop.
 */
import { describe, expect, it } from 'vitest';
import { Config } from '../../src/index.js';
import { createToolScheduler } from '../../src/machines/scheduler.js';
import type { Tool } from '../../src/tool.js';
import { bashFixtureCommand } from '../helpers/hookFixtures.js';
import { recordingLogger } from '../../src/testing.js';
import { assertNoHookProcessesAlive } from '../helpers/processes.js';

const CALLS = 1_000;
const CONCURRENCY = 200;

describe.runIf(process.platform !== 'win32')('scheduler under a burst of hooked calls', () => {
  it(`HOOK-016b, HOOK-019, HOOK-027, HOOK-134: ${CALLS} calls at concurrency ${CONCURRENCY}, two hook processes each — every call gets its own hooks' answers`, async () => {
    const { logger, records } = recordingLogger({ level: 'warn' });
    const config = new Config({
      enableHooks: true,
      logger,
      hooks: {
        BeforeTool: [
          {
            matcher: 'load_tool',
            hooks: [{ type: 'command', command: bashFixtureCommand('id-guard.sh', 'deny-or-rewrite') }],
          },
        ],
        AfterTool: [
          { matcher: 'load_tool', hooks: [{ type: 'command', command: bashFixtureCommand('id-context.sh') }] },
        ],
      },
    });
    const ran = new Map<number, Record<string, unknown>>();
    const tool: Tool = {
      name: 'load_tool',
      async execute(args) {
        ran.set(Number(args.id), args);
        return { llmContent: `loaded ${String(args.id)} as ${String(args.doubled)}`, returnDisplay: 'loaded' };
      },
    };
    const scheduler = createToolScheduler({ config, tools: [tool], concurrency: CONCURRENCY });
    const ids = Array.from({ length: CALLS }, (_, id) => id);

    const batch = await scheduler.schedule(
      ids.map((id) => ({ callId: `call-${id}`, name: 'load_tool', args: { id } })),
    );

    const expected = ids.map((id) =>
      id % 2 === 1
        ? { callId: `call-${id}`, outcome: 'blocked', args: { id }, llmContent: 'odd', ran: undefined }
        : {
            callId: `call-${id}`,
            outcome: 'success',
            args: { id, doubled: id * 2 },
            llmContent: `loaded ${id} as ${id * 2}\n\nafter ${id}`,
            ran: { id, doubled: id * 2 },
          },
    );
    const actual = batch.results.map((result, id) => ({
      callId: result.callId,
      outcome: result.outcome,
      args: result.args,
      llmContent: result.result.llmContent,
      ran: ran.get(id),
    }));
    expect(actual).toEqual(expected);
    expect(records).toEqual([]);
    await assertNoHookProcessesAlive();
  }, 600_000);
});
