/**
 * A burst of tool calls through `executeToolWithHooks`, each with a real BeforeTool guard and a real
 * AfterTool hook process: every call gets its own hook's answer. Spawning the AfterTool hooks of the
 * first calls keeps the event loop busy while the guards of later calls exit; no answer may be lost
 * to that (a lost deny would let a refused call run).
 */
import { describe, expect, it } from 'vitest';
import { Config } from '../../../src/index.js';
import { executeToolWithHooks } from '../../../src/hooks/triggers/executeToolWithHooks.js';
import { HOOK_BLOCKED_ERROR_TYPE } from '../../../src/hooks/protocol/toolHookEffects.js';
import type { ToolResult } from '../../../src/hooks/protocol/results.js';
import { bashFixtureCommand } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';

const CALLS = 200;
const ids = Array.from({ length: CALLS }, (_, id) => id);

function burstConfig(guardMode: 'deny' | 'rewrite') {
  const { logger, records } = recordingLogger({ level: 'warn' });
  const config = new Config({
    enableHooks: true,
    logger,
    hooks: {
      BeforeTool: [
        { matcher: 'load_tool', hooks: [{ type: 'command', command: bashFixtureCommand('id-guard.sh', guardMode) }] },
      ],
      AfterTool: [{ matcher: 'load_tool', hooks: [{ type: 'command', command: "cat >/dev/null; echo '{}'" }] }],
    },
  });
  return { config, records };
}

/** Runs every call at once; returns each call's result and the arguments the tool ran with (by id). */
async function burst(config: Config) {
  const ran = new Map<number, Record<string, unknown>>();
  const execute = async (args: Record<string, unknown>): Promise<ToolResult> => {
    ran.set(Number(args.id), args);
    return { llmContent: `loaded ${String(args.id)}`, returnDisplay: `loaded ${String(args.id)}` };
  };
  const results = await Promise.all(ids.map((id) => executeToolWithHooks(config, 'load_tool', { id }, execute)));
  return { results, ran };
}

describe.runIf(process.platform !== 'win32')('executeToolWithHooks under a burst of calls', () => {
  it(`HOOK-016b, HOOK-133: ${CALLS} calls at once through a deny guard and an AfterTool hook — no refused call runs, every allowed one does`, async () => {
    const { config, records } = burstConfig('deny');
    const { results, ran } = await burst(config);

    const expected = ids.map((id) =>
      id % 2 === 1
        ? { id, ran: false, llmContent: 'odd', blocked: true }
        : { id, ran: true, llmContent: `loaded ${id}`, blocked: false },
    );
    const actual = results.map((result, id) => ({
      id,
      ran: ran.has(id),
      llmContent: result.llmContent,
      blocked: result.error?.type === HOOK_BLOCKED_ERROR_TYPE,
    }));
    expect(actual).toEqual(expected);
    expect(records).toEqual([]);
    await assertNoHookProcessesAlive();
  }, 180_000);

  it(`HOOK-019, HOOK-133: ${CALLS} calls at once through a rewriting guard and an AfterTool hook — every call runs with its own rewritten input`, async () => {
    const { config, records } = burstConfig('rewrite');
    const { results, ran } = await burst(config);

    expect(ids.map((id) => ran.get(id))).toEqual(ids.map((id) => ({ id, doubled: id * 2 })));
    expect(results.map((result) => result.llmContent)).toEqual(ids.map((id) => `loaded ${id}`));
    expect(records).toEqual([]);
    await assertNoHookProcessesAlive();
  }, 180_000);
});
