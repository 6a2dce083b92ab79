import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HookExecutionError } from '../../../src/errors.js';
import { DebugLogger } from '../../../src/debugLogger.js';
import { createSpecificHookOutput, HookAggregator } from '../../../src/hooks/protocol/hookAggregator.js';
import { HookRunner } from '../../../src/hooks/engine/hookRunner.js';
import {
  AfterModelHookOutput,
  BeforeModelHookOutput,
  BeforeToolHookOutput,
  BeforeToolSelectionHookOutput,
  createHookOutput,
  DEFAULT_BLOCK_REASON,
  DefaultHookOutput,
  type HookOutput,
} from '../../../src/hooks/protocol/outputs.js';
import { createEmptyAggregatedResult, type HookExecutionResult } from '../../../src/hooks/protocol/results.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { HookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import type { HookInput } from '../../../src/hooks/protocol/inputs.js';
import { forEachOrder } from '../../helpers/permutations.js';

const aggregator = new HookAggregator();
let commandNumber = 0;

/** A successful (exit 0) hook result with the given stdout JSON. */
function succeeded(
  output: HookOutput | undefined,
  eventName = HookEventName.BeforeTool,
  duration = 10,
): HookExecutionResult {
  commandNumber += 1;
  return {
    hookConfig: { type: 'command', command: `sh hook-${commandNumber}.sh` },
    eventName,
    success: true,
    output,
    exitCode: 0,
    duration,
  };
}

/** A failed hook result. */
function failed(
  fields: Partial<HookExecutionResult> & { command: string },
  eventName = HookEventName.BeforeTool,
): HookExecutionResult {
  const { command, ...rest } = fields;
  return { hookConfig: { type: 'command', command }, eventName, success: false, duration: 10, ...rest };
}

describe('HookAggregator: success is execution health', () => {
  it('no results give the empty success result', () => {
    expect(aggregator.aggregateResults([], HookEventName.BeforeTool)).toEqual(createEmptyAggregatedResult());
  });

  it('HOOK-070, HOOK-160, HOOK-213, HOOK-214: exit 2 is success false AND a block in finalOutput', () => {
    const result = aggregator.aggregateResults(
      [
        succeeded({ decision: 'allow' }),
        failed({
          command: 'sh deny.sh',
          exitCode: 2,
          stderr: 'rm -rf is not allowed\n',
          output: { decision: 'block', reason: 'rm -rf is not allowed' },
        }),
      ],
      HookEventName.BeforeTool,
    );
    expect(result.success).toBe(false);
    expect(result.finalOutput?.isBlockingDecision()).toBe(true);
    expect(result.finalOutput?.getEffectiveReason()).toBe('rm -rf is not allowed');
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0].message).toBe(
      'BeforeTool hook "sh deny.sh" exited with code 2 (block): rm -rf is not allowed',
    );
  });

  it('HOOK-160, HOOK-213: a block from a successful hook is success true with a blocking finalOutput', () => {
    const result = aggregator.aggregateResults(
      [succeeded({ decision: 'deny', reason: 'no' })],
      HookEventName.BeforeTool,
    );
    expect(result.success).toBe(true);
    expect(result.errors).toEqual([]);
    expect(result.finalOutput?.isBlockingDecision()).toBe(true);
  });

  it('an exit-2 result without parsed output blocks with its stderr, or the default reason when stderr is empty', () => {
    const withStderr = aggregator.aggregateResults(
      [failed({ command: 'sh a.sh', exitCode: 2, stderr: ' path is protected \n' })],
      HookEventName.BeforeTool,
    );
    expect(withStderr.finalOutput?.isBlockingDecision()).toBe(true);
    expect(withStderr.finalOutput?.getEffectiveReason()).toBe('path is protected');
    const withoutStderr = aggregator.aggregateResults(
      [failed({ command: 'sh a.sh', exitCode: 2, stderr: '' })],
      HookEventName.BeforeTool,
    );
    expect(withoutStderr.finalOutput?.isBlockingDecision()).toBe(true);
    expect(withoutStderr.finalOutput?.getEffectiveReason()).toBe(DEFAULT_BLOCK_REASON);
  });

  it('HOOK-031, HOOK-214: a failed AfterTool hook (exit 1) does not modify the result: its Warning output is not merged, but its error is reported', () => {
    const result = aggregator.aggregateResults(
      [
        failed(
          { command: 'sh broken.sh', exitCode: 1, stderr: 'boom', output: { systemMessage: 'Warning: boom' } },
          HookEventName.AfterTool,
        ),
      ],
      HookEventName.AfterTool,
    );
    expect(result.success).toBe(false);
    expect(result.finalOutput).toBeUndefined();
    expect(result.allOutputs).toEqual([]);
    expect(result.errors.map((error) => error.message)).toEqual([
      'AfterTool hook "sh broken.sh" exited with code 1: boom',
    ]);
  });

  it('HOOK-042, HOOK-052, HOOK-060: a failed model-event hook (exit 1) contributes nothing, not even its warning', () => {
    for (const eventName of [HookEventName.BeforeModel, HookEventName.AfterModel, HookEventName.BeforeToolSelection]) {
      const result = aggregator.aggregateResults(
        [
          failed(
            {
              command: 'sh broken.sh',
              exitCode: 1,
              stderr: 'boom',
              output: { decision: 'allow', systemMessage: 'Warning: boom' },
            },
            eventName,
          ),
        ],
        eventName,
      );
      expect(result.finalOutput, eventName).toBeUndefined();
      expect(result.errors, eventName).toHaveLength(1);
    }
  });

  it('HOOK-209, HOOK-023: a failed BeforeTool hook (exit 1) keeps its "Warning: <stderr>" system message, and never blocks', () => {
    for (const eventName of [
      HookEventName.BeforeTool,
      HookEventName.BeforeAgent,
      HookEventName.AfterAgent,
      HookEventName.SessionStart,
    ]) {
      const result = aggregator.aggregateResults(
        [
          failed(
            {
              command: 'sh broken.sh',
              exitCode: 1,
              stderr: 'disk almost full',
              output: { decision: 'allow', systemMessage: 'Warning: disk almost full' },
            },
            eventName,
          ),
        ],
        eventName,
      );
      expect(result.success, eventName).toBe(false);
      expect(result.finalOutput?.systemMessage, eventName).toBe('Warning: disk almost full');
      expect(result.finalOutput?.isBlockingDecision(), eventName).toBe(false);
      expect(result.finalOutput?.shouldStopExecution(), eventName).toBe(false);
      expect(result.errors, eventName).toHaveLength(1);
    }
  });

  it('HOOK-209: a failed hook contributes its warning only — a block or stop it printed is not honoured', () => {
    const result = aggregator.aggregateResults(
      [
        failed({
          command: 'sh x.sh',
          exitCode: 1,
          stderr: 'oops',
          output: { decision: 'deny', continue: false, systemMessage: 'Warning: oops' },
        }),
      ],
      HookEventName.BeforeTool,
    );
    expect(result.finalOutput?.systemMessage).toBe('Warning: oops');
    expect(result.finalOutput?.isBlockingDecision()).toBe(false);
    expect(result.finalOutput?.shouldStopExecution()).toBe(false);
  });

  it('HOOK-112: when 3 hooks run and 1 fails, the outputs of the other 2 are aggregated', () => {
    const result = aggregator.aggregateResults(
      [
        succeeded({ systemMessage: 'first' }, HookEventName.AfterTool),
        failed(
          { command: 'sh crash.sh', exitCode: 1, stderr: 'crash', output: { systemMessage: 'Warning: crash' } },
          HookEventName.AfterTool,
        ),
        succeeded({ systemMessage: 'third' }, HookEventName.AfterTool),
      ],
      HookEventName.AfterTool,
    );
    expect(result.success).toBe(false);
    expect(result.allOutputs).toEqual([{ systemMessage: 'first' }, { systemMessage: 'third' }]);
    expect(result.finalOutput?.systemMessage).toBe('first\nthird');
    expect(result.errors).toHaveLength(1);
  });

  it('timed-out and signal-killed hooks fail open even with exit code 2, and their errors say what happened', () => {
    const result = aggregator.aggregateResults(
      [
        failed({ command: 'sh slow.sh', exitCode: 2, timedOut: true, signal: 'SIGTERM' }),
        failed({ command: 'sh killed.sh', exitCode: 0, signal: 'SIGKILL', stderr: 'partial' }),
      ],
      HookEventName.BeforeTool,
    );
    expect(result.finalOutput).toBeUndefined();
    expect(result.errors.map((error) => (error as HookExecutionError).kind)).toEqual(['timeout', 'signal']);
    expect(result.errors.map((error) => error.message)).toEqual([
      'BeforeTool hook "sh slow.sh" timed out',
      'BeforeTool hook "sh killed.sh" was killed by SIGKILL: partial',
    ]);
  });

  it('uses the runner’s own error when a failed result carries one; otherwise a HookExecutionError naming the hook and exit code', () => {
    const runnerError = new Error('spawn ENOENT');
    const result = aggregator.aggregateResults(
      [
        failed({ command: 'sh gone.sh', exitCode: 127, error: runnerError }),
        failed({ command: 'sh other.sh', exitCode: 3 }),
      ],
      HookEventName.BeforeTool,
    );
    expect(result.errors[0]).toBe(runnerError);
    const built = result.errors[1];
    expect(built).toBeInstanceOf(HookExecutionError);
    expect(built).toMatchObject({
      kind: 'exit-code',
      command: 'sh other.sh',
      eventName: 'BeforeTool',
      message: 'BeforeTool hook "sh other.sh" exited with code 3',
    });
  });

  it('sums hook durations and ignores successful hooks that printed nothing', () => {
    const result = aggregator.aggregateResults(
      [succeeded(undefined, HookEventName.BeforeTool, 5), succeeded({ reason: 'r' }, HookEventName.BeforeTool, 7)],
      HookEventName.BeforeTool,
    );
    expect(result.totalDuration).toBe(12);
    expect(result.allOutputs).toEqual([{ reason: 'r' }]);
    const silent = aggregator.aggregateResults([succeeded(undefined)], HookEventName.BeforeTool);
    expect(silent).toEqual({ success: true, finalOutput: undefined, allOutputs: [], errors: [], totalDuration: 10 });
  });
});

describe('HookAggregator: OR-merge for tool, agent and lifecycle events (every input order)', () => {
  /** Aggregates the outputs as successful hooks of `eventName`, in the order given. */
  function merge(outputs: HookOutput[], eventName = HookEventName.BeforeTool) {
    return aggregator.aggregateResults(
      outputs.map((output) => succeeded(output, eventName)),
      eventName,
    );
  }

  it('HOOK-092: any block among several BeforeTool and AfterTool hooks blocks, in every order', async () => {
    for (const eventName of [HookEventName.BeforeTool, HookEventName.AfterTool]) {
      await forEachOrder(
        {
          allow: { decision: 'allow' },
          block: { decision: 'block', reason: 'no' },
          approve: { decision: 'approve' },
          silent: {},
        } satisfies Record<string, HookOutput>,
        (outputs) => {
          const output = merge(outputs, eventName).finalOutput;
          expect(output?.isBlockingDecision()).toBe(true);
          expect(output?.decision).toBe('block');
        },
      );
    }
  });

  it('HOOK-092, HOOK-158, HOOK-182: allow, approve, ask and no decision do not block, in every order', async () => {
    await forEachOrder(
      { allow: { decision: 'allow' }, ask: { decision: 'ask' }, none: { decision: null }, silent: {} } satisfies Record<
        string,
        HookOutput
      >,
      (outputs) => {
        expect(merge(outputs).finalOutput?.isBlockingDecision()).toBe(false);
      },
    );
  });

  it('HOOK-093: reasons from all hooks are joined with newlines, in the order the hooks ran', async () => {
    const outputs: Record<string, HookOutput> = {
      secrets: { decision: 'deny', reason: 'no secrets' },
      empty: { reason: '' },
      rm: { decision: 'block', reason: 'no rm' },
      note: { decision: 'allow', reason: 'looked at it' },
    };
    await forEachOrder(outputs, (ordered) => {
      const expected = ordered
        .map((output) => output.reason)
        .filter((reason) => reason !== '')
        .join('\n');
      const output = merge(ordered).finalOutput;
      expect(output?.reason).toBe(expected);
      expect(output?.getEffectiveReason()).toBe(expected);
      expect(output?.isBlockingDecision()).toBe(true);
    });
  });

  it('HOOK-094: systemMessages are joined with newlines, none lost, in every order', async () => {
    await forEachOrder(
      { a: { systemMessage: 'a' }, b: { systemMessage: 'b' }, silent: {}, c: { systemMessage: 'c' } } satisfies Record<
        string,
        HookOutput
      >,
      (outputs, names) => {
        expect(merge(outputs, HookEventName.AfterTool).finalOutput?.systemMessage).toBe(
          names.filter((name) => name !== 'silent').join('\n'),
        );
      },
    );
  });

  it('HOOK-095: additionalContext strings are joined with newlines into hookSpecificOutput.additionalContext, in every order', async () => {
    const outputs: Record<string, HookOutput> = {
      lint: { hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'lint: ok' } },
      tests: { hookSpecificOutput: { additionalContext: 'tests: 3 failing' } },
      silent: { systemMessage: 'no context' },
    };
    const contexts: Record<string, string | undefined> = {
      lint: 'lint: ok',
      tests: 'tests: 3 failing',
      silent: undefined,
    };
    await forEachOrder(outputs, (ordered, names) => {
      const expected = names
        .map((name) => contexts[name])
        .filter((context) => context !== undefined)
        .join('\n');
      const output = merge(ordered, HookEventName.AfterTool).finalOutput;
      expect(output?.getAdditionalContext()).toBe(expected);
      expect(output?.hookSpecificOutput).toEqual({ hookEventName: 'AfterTool', additionalContext: expected });
    });
  });

  it('HOOK-096: suppressOutput is ORed: any true wins, in every order; only false stays false', async () => {
    await forEachOrder(
      {
        no: { suppressOutput: false },
        yes: { suppressOutput: true },
        alsoNo: { suppressOutput: false },
        silent: {},
      } satisfies Record<string, HookOutput>,
      (outputs) => {
        expect(merge(outputs, HookEventName.AfterTool).finalOutput?.suppressOutput).toBe(true);
      },
    );
    await forEachOrder(
      { no: { suppressOutput: false }, silent: { systemMessage: 'x' } } satisfies Record<string, HookOutput>,
      (outputs) => {
        expect(merge(outputs, HookEventName.AfterTool).finalOutput?.suppressOutput).toBe(false);
      },
    );
  });

  it('HOOK-097: any continue false stops the agent, in every order, with the stop reasons joined in the order the hooks ran', async () => {
    const outputs: Record<string, HookOutput> = {
      goOn: { continue: true },
      budget: { continue: false, stopReason: 'budget spent' },
      silent: {},
      alsoGoOn: { continue: true, stopReason: 'ignored: this hook does not stop' },
    };
    for (const eventName of [HookEventName.BeforeTool, HookEventName.AfterTool]) {
      await forEachOrder(outputs, (ordered) => {
        const output = merge(ordered, eventName).finalOutput;
        expect(output?.shouldStopExecution()).toBe(true);
        expect(output?.continue).toBe(false);
        expect(output?.stopReason).toBe('budget spent');
      });
    }
    await forEachOrder(
      {
        budget: { continue: false, stopReason: 'budget spent' },
        green: { continue: false, stopReason: 'tests green' },
        goOn: { continue: true },
      } satisfies Record<string, HookOutput>,
      (ordered, names) => {
        const reasons: Record<string, string> = { budget: 'budget spent', green: 'tests green' };
        const output = merge(ordered).finalOutput;
        expect(output?.shouldStopExecution()).toBe(true);
        expect(output?.stopReason).toBe(
          names
            .filter((name) => name !== 'goOn')
            .map((name) => reasons[name])
            .join('\n'),
        );
      },
    );
    await forEachOrder({ goOn: { continue: true }, silent: {} } satisfies Record<string, HookOutput>, (ordered) => {
      expect(merge(ordered).finalOutput?.shouldStopExecution()).toBe(false);
    });
  });

  it('HOOK-208: additionalContext, systemMessage and suppressOutput from several AfterTool hooks all take effect together, in every order', async () => {
    const outputs: Record<string, HookOutput> = {
      format: { systemMessage: 'formatted', hookSpecificOutput: { additionalContext: 'ctx-1' } },
      scan: { suppressOutput: true, systemMessage: 'scanned' },
      lint: { hookSpecificOutput: { additionalContext: 'ctx-2' } },
    };
    await forEachOrder(outputs, (ordered) => {
      const output = merge(ordered, HookEventName.AfterTool).finalOutput;
      expect(output?.getAdditionalContext()?.split('\n').sort()).toEqual(['ctx-1', 'ctx-2']);
      expect(output?.systemMessage?.split('\n').sort()).toEqual(['formatted', 'scanned']);
      expect(output?.suppressOutput).toBe(true);
      expect(output?.isBlockingDecision()).toBe(false);
    });
  });

  it('other hookSpecificOutput fields are shallow-merged, later over earlier (tool_input)', () => {
    const result = aggregator.aggregateResults(
      [
        succeeded({ hookSpecificOutput: { tool_input: { path: 'a.txt' }, marker: 'kept' } }),
        succeeded({ hookSpecificOutput: { tool_input: { path: 'b.txt', mode: 'w' } } }),
      ],
      HookEventName.BeforeTool,
    );
    expect(result.finalOutput).toBeInstanceOf(BeforeToolHookOutput);
    expect((result.finalOutput as BeforeToolHookOutput).getModifiedToolInput()).toEqual({ path: 'b.txt', mode: 'w' });
    expect(result.finalOutput?.hookSpecificOutput?.['marker']).toBe('kept');
  });

  it('HOOK-169, HOOK-171: a Claude Code permissionDecision deny blocks in the merge too, and an allow before or after it does not undo it', async () => {
    const outputs: Record<string, HookOutput> = {
      deny: {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'protected path',
        },
      },
      allow: { hookSpecificOutput: { permissionDecision: 'allow', permissionDecisionReason: 'looks fine' } },
      plain: { decision: 'allow' },
    };
    const reasons: Record<string, string | undefined> = {
      deny: 'protected path',
      allow: 'looks fine',
      plain: undefined,
    };
    await forEachOrder(outputs, (ordered, names) => {
      const output = merge(ordered).finalOutput;
      expect(output?.isBlockingDecision()).toBe(true);
      expect(output?.decision).toBe('deny');
      expect(output?.hookSpecificOutput?.['permissionDecision']).toBe('deny');
      expect(output?.getEffectiveReason()).toBe(
        names
          .map((name) => reasons[name])
          .filter((reason) => reason !== undefined)
          .join('\n'),
      );
    });
  });

  it('HOOK-190: BeforeAgent, AfterAgent and SessionStart use the OR-merge, in every order', async () => {
    const outputs: Record<string, HookOutput> = {
      block: { decision: 'block', reason: 'r1', hookSpecificOutput: { additionalContext: 'c1' } },
      allow: { decision: 'allow', reason: 'r2', hookSpecificOutput: { additionalContext: 'c2' } },
      stop: { continue: false, stopReason: 'enough' },
    };
    for (const eventName of [HookEventName.BeforeAgent, HookEventName.AfterAgent, HookEventName.SessionStart]) {
      await forEachOrder(outputs, (ordered, names) => {
        const output = merge(ordered, eventName).finalOutput;
        expect(output).toBeInstanceOf(DefaultHookOutput);
        expect(output?.isBlockingDecision()).toBe(true);
        expect(output?.shouldStopExecution()).toBe(true);
        const hooksWithReasons = names.filter((name) => name !== 'stop');
        expect(output?.reason).toBe(hooksWithReasons.map((name) => (name === 'block' ? 'r1' : 'r2')).join('\n'));
        expect(output?.getAdditionalContext()).toBe(
          hooksWithReasons.map((name) => (name === 'block' ? 'c1' : 'c2')).join('\n'),
        );
      });
    }
  });
});

describe('HookAggregator: field replacement for model events', () => {
  /** Three BeforeModel outputs whose fields overlap: which one wins a field depends on the order. */
  const overlapping: Record<string, HookOutput> = {
    A: { systemMessage: 'A', hookSpecificOutput: { llm_request: { model: 'a' }, shared: 'from A' } },
    B: { systemMessage: 'B', hookSpecificOutput: { llm_request: { model: 'b', messages: [] } } },
    C: { hookSpecificOutput: { shared: 'from C', onlyC: true } },
  };
  /** HOOK-098, written out for each of the 6 orders: the later hook's field wins, field by field. */
  const expectedByOrder: Record<string, { systemMessage: string; hookSpecificOutput: Record<string, unknown> }> = {
    ABC: {
      systemMessage: 'B',
      hookSpecificOutput: { llm_request: { model: 'b', messages: [] }, shared: 'from C', onlyC: true },
    },
    ACB: {
      systemMessage: 'B',
      hookSpecificOutput: { llm_request: { model: 'b', messages: [] }, shared: 'from C', onlyC: true },
    },
    BAC: { systemMessage: 'A', hookSpecificOutput: { llm_request: { model: 'a' }, shared: 'from C', onlyC: true } },
    BCA: { systemMessage: 'A', hookSpecificOutput: { llm_request: { model: 'a' }, shared: 'from A', onlyC: true } },
    CAB: {
      systemMessage: 'B',
      hookSpecificOutput: { llm_request: { model: 'b', messages: [] }, shared: 'from A', onlyC: true },
    },
    CBA: { systemMessage: 'A', hookSpecificOutput: { llm_request: { model: 'a' }, shared: 'from A', onlyC: true } },
  };

  it('HOOK-098: BeforeModel shallow-merges hookSpecificOutput, later hooks overriding earlier ones field by field (each order has its own result)', async () => {
    let ordersChecked = 0;
    await forEachOrder(overlapping, (outputs, names) => {
      const result = aggregator.aggregateResults(
        outputs.map((output) => succeeded(output, HookEventName.BeforeModel)),
        HookEventName.BeforeModel,
      );
      expect(result.finalOutput).toBeInstanceOf(BeforeModelHookOutput);
      const expected = expectedByOrder[names.join('')];
      expect(result.finalOutput?.hookSpecificOutput).toEqual(expected.hookSpecificOutput);
      expect(result.finalOutput?.systemMessage).toBe(expected.systemMessage);
      ordersChecked += 1;
    });
    expect(ordersChecked).toBe(Object.keys(expectedByOrder).length);
  });

  it('HOOK-098: AfterModel replaces llm_response with the later hook’s, in both orders', async () => {
    const response = (text: string) => ({ candidates: [{ content: { role: 'model', parts: [text] } }] });
    await forEachOrder(
      {
        first: { hookSpecificOutput: { llm_response: response('first') } },
        second: { hookSpecificOutput: { llm_response: response('second') } },
      } satisfies Record<string, HookOutput>,
      (outputs, names) => {
        const result = aggregator.aggregateResults(
          outputs.map((output) => succeeded(output, HookEventName.AfterModel)),
          HookEventName.AfterModel,
        );
        expect(result.finalOutput).toBeInstanceOf(AfterModelHookOutput);
        const modified = (result.finalOutput as AfterModelHookOutput).getModifiedResponse();
        expect(modified?.candidates?.[0]?.content?.parts).toEqual([{ text: names.at(-1) }]);
      },
    );
  });

  it('HOOK-098: a block or stop from one model hook is not undone by an allow before or after it', async () => {
    const outputs: Record<string, HookOutput> = {
      guard: { decision: 'block', reason: 'prompt leaks a key', continue: false, stopReason: 'halt' },
      allow: { decision: 'allow', reason: 'fine', continue: true },
      note: { systemMessage: 'noted' },
    };
    for (const eventName of [HookEventName.BeforeModel, HookEventName.AfterModel]) {
      await forEachOrder(outputs, (ordered) => {
        const result = aggregator.aggregateResults(
          ordered.map((output) => succeeded(output, eventName)),
          eventName,
        );
        expect(result.finalOutput?.isBlockingDecision()).toBe(true);
        expect(result.finalOutput?.reason).toBe('prompt leaks a key');
        expect(result.finalOutput?.shouldStopExecution()).toBe(true);
        expect(result.finalOutput?.stopReason).toBe('halt');
      });
    }
  });
});

describe('HookAggregator: union for BeforeToolSelection (every input order)', () => {
  function selection(toolConfig: Record<string, unknown>, extra: HookOutput = {}): HookOutput {
    return { ...extra, hookSpecificOutput: { hookEventName: 'BeforeToolSelection', toolConfig } };
  }

  function mergedToolConfig(outputs: HookOutput[]) {
    const result = aggregator.aggregateResults(
      outputs.map((output) => succeeded(output, HookEventName.BeforeToolSelection)),
      HookEventName.BeforeToolSelection,
    );
    expect(result.finalOutput).toBeInstanceOf(BeforeToolSelectionHookOutput);
    return { output: result.finalOutput, toolConfig: result.finalOutput?.hookSpecificOutput?.['toolConfig'] };
  }

  it('HOOK-099, HOOK-102, HOOK-210: allowedFunctionNames are unioned and sorted alphabetically, in every order', async () => {
    await forEachOrder(
      {
        writes: selection({ mode: 'ANY', allowedFunctionNames: ['write_file', 'read_file'] }),
        lists: selection({ mode: 'ANY', allowedFunctionNames: ['list_directory', 'read_file'] }),
        greps: selection({ allowedFunctionNames: ['search_file_content', 'glob'] }),
      },
      (outputs) => {
        expect(mergedToolConfig(outputs).toolConfig).toEqual({
          mode: 'ANY',
          allowedFunctionNames: ['glob', 'list_directory', 'read_file', 'search_file_content', 'write_file'],
        });
      },
    );
  });

  it('HOOK-100, HOOK-210: mode is most-restrictive-wins, ANY over AUTO, in every order', async () => {
    await forEachOrder(
      {
        auto: selection({ mode: 'AUTO' }),
        any: selection({ mode: 'ANY', allowedFunctionNames: ['b'] }),
        autoWithNames: selection({ mode: 'auto', allowedFunctionNames: ['a'] }),
      },
      (outputs) => {
        expect(mergedToolConfig(outputs).toolConfig).toEqual({ mode: 'ANY', allowedFunctionNames: ['a', 'b'] });
      },
    );
  });

  it('HOOK-100, HOOK-101, HOOK-210: any NONE gives mode NONE with no allowed functions, in every order and regardless of the others', async () => {
    await forEachOrder(
      {
        any: selection({ mode: 'ANY', allowedFunctionNames: ['read_file'] }),
        none: selection({ mode: 'NONE' }),
        auto: selection({ mode: 'AUTO', allowedFunctionNames: ['write_file'] }),
        namesOnly: selection({ allowedFunctionNames: ['glob'] }),
      },
      (outputs) => {
        const { output, toolConfig } = mergedToolConfig(outputs);
        expect(toolConfig).toEqual({ mode: 'NONE', allowedFunctionNames: [] });
        const applied = output?.applyToolConfigModifications({
          tools: [{ functionDeclarations: [{ name: 'read_file' }] }],
        });
        expect(applied?.toolConfig?.functionCallingConfig).toEqual({ mode: 'NONE', allowedFunctionNames: [] });
        expect(applied?.tools).toEqual([{ functionDeclarations: [{ name: 'read_file' }] }]);
      },
    );
  });

  it('HOOK-210: continue, stopReason and systemMessage are carried alongside the union, in every order', async () => {
    await forEachOrder(
      {
        restrict: selection({ mode: 'ANY', allowedFunctionNames: ['a'] }, { systemMessage: 'restricted' }),
        stop: selection({ allowedFunctionNames: ['c'] }, { continue: false, stopReason: 'done' }),
        goOn: selection({ mode: 'AUTO', allowedFunctionNames: ['b'] }, { continue: true }),
      },
      (outputs) => {
        const { output } = mergedToolConfig(outputs);
        expect(output?.shouldStopExecution()).toBe(true);
        expect(output?.stopReason).toBe('done');
        expect(output?.systemMessage).toBe('restricted');
        expect(output?.hookSpecificOutput).toEqual({
          hookEventName: 'BeforeToolSelection',
          toolConfig: { mode: 'ANY', allowedFunctionNames: ['a', 'b', 'c'] },
        });
      },
    );
  });

  it('hooks that set no toolConfig leave the tool configuration alone', () => {
    const result = aggregator.aggregateResults(
      [succeeded({ systemMessage: 'just watching' }, HookEventName.BeforeToolSelection)],
      HookEventName.BeforeToolSelection,
    );
    expect(result.finalOutput?.hookSpecificOutput).toBeUndefined();
    const target = { toolConfig: { functionCallingConfig: { allowedFunctionNames: ['x'] } } };
    expect(result.finalOutput?.applyToolConfigModifications(target)).toBe(target);
  });
});

describe('createSpecificHookOutput', () => {
  it('HOOK-200: returns the per-event output class; BeforeTool gets BeforeToolHookOutput, which reads permissionDecision, unlike createHookOutput', () => {
    const data: HookOutput = { hookSpecificOutput: { permissionDecision: 'block' } };
    const specific = createSpecificHookOutput(data, HookEventName.BeforeTool);
    expect(specific).toBeInstanceOf(BeforeToolHookOutput);
    expect(specific.isBlockingDecision()).toBe(true);
    const factory = createHookOutput('BeforeTool', data);
    expect(factory).not.toBeInstanceOf(BeforeToolHookOutput);
    expect(factory.isBlockingDecision()).toBe(false);

    expect(createSpecificHookOutput({}, HookEventName.BeforeModel)).toBeInstanceOf(BeforeModelHookOutput);
    expect(createSpecificHookOutput({}, HookEventName.AfterModel)).toBeInstanceOf(AfterModelHookOutput);
    expect(createSpecificHookOutput({}, HookEventName.BeforeToolSelection)).toBeInstanceOf(
      BeforeToolSelectionHookOutput,
    );
    const afterTool = createSpecificHookOutput({ systemMessage: 'x' }, HookEventName.AfterTool);
    expect(afterTool.constructor).toBe(DefaultHookOutput);
    expect(afterTool.systemMessage).toBe('x');
  });
});

describe('HookAggregator with real hook processes', () => {
  const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/hooks/${name}`, import.meta.url));
  const runner = new HookRunner({ logger: new DebugLogger('test', { sink: () => undefined }) });
  const input: HookInput = {
    session_id: 'aggregator-test',
    transcript_path: '',
    cwd: process.cwd(),
    hook_event_name: 'AfterTool',
    timestamp: new Date(0).toISOString(),
  };
  const command = (script: string, ...args: string[]): HookConfig => ({
    type: 'command',
    command: ['sh', fixture(script), ...args].map((part) => `'${part}'`).join(' '),
  });

  it('HOOK-031, HOOK-112: with 3 real hooks of which 1 exits 1, the other 2 outputs are merged and the failure only reported', async () => {
    const results = await runner.executeHooksParallel(
      [
        command('respond.sh', '0', '{"systemMessage":"lint ok"}'),
        command('crash-with-block-json.sh'),
        command('respond.sh', '0', '{"systemMessage":"tests ok"}'),
      ],
      HookEventName.AfterTool,
      input,
    );
    const aggregated = aggregator.aggregateResults(results, HookEventName.AfterTool);
    expect(aggregated.success).toBe(false);
    expect(aggregated.finalOutput?.systemMessage).toBe('lint ok\ntests ok');
    expect(aggregated.finalOutput?.isBlockingDecision()).toBe(false);
    expect(aggregated.errors).toHaveLength(1);
    expect(aggregated.errors[0].message).toContain('crash-with-block-json.sh');
  });

  it('HOOK-213, HOOK-214: a real exit-2 hook gives success false together with a block carrying its stderr', async () => {
    const results = await runner.executeHooksParallel(
      [command('respond.sh', '0', '{"decision":"allow"}'), command('exit-2-stderr.sh', 'secrets must not be read')],
      HookEventName.BeforeTool,
      { ...input, hook_event_name: 'BeforeTool' },
    );
    const aggregated = aggregator.aggregateResults(results, HookEventName.BeforeTool);
    expect(aggregated.success).toBe(false);
    expect(aggregated.finalOutput?.isBlockingDecision()).toBe(true);
    expect(aggregated.finalOutput?.getEffectiveReason()).toBe('secrets must not be read');
  });
});
