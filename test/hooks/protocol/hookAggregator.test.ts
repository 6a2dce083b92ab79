import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HookExecutionError } from '../../../src/errors.js';
import { DebugLogger } from '../../../src/debugLogger.js';
import { createSpecificHookOutput, HookAggregator } from '../../../src/hooks/protocol/hookAggregator.js';
import { HookRunner } from '../../../src/hooks/engine/hookRunner.js';
import { AfterModelHookOutput, BeforeModelHookOutput, BeforeToolHookOutput, BeforeToolSelectionHookOutput, createHookOutput, DEFAULT_BLOCK_REASON, DefaultHookOutput, type HookOutput } from '../../../src/hooks/protocol/outputs.js';
import { createEmptyAggregatedResult, type HookExecutionResult } from '../../../src/hooks/protocol/results.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import { type HookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import { type HookInput } from '../../../src/hooks/protocol/inputs.js';

const aggregator = new HookAggregator();
let commandNumber = 0;

/** A successful (exit 0) hook result with the given stdout JSON. */
function succeeded(output: HookOutput | undefined, eventName = HookEventName.BeforeTool, duration = 10): HookExecutionResult {
  commandNumber += 1;
  return { hookConfig: { type: 'command', command: `sh hook-${commandNumber}.sh` }, eventName, success: true, output, exitCode: 0, duration };
}

/** A failed hook result. */
function failed(fields: Partial<HookExecutionResult> & { command: string }, eventName = HookEventName.BeforeTool): HookExecutionResult {
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
        failed({ command: 'sh deny.sh', exitCode: 2, stderr: 'rm -rf is not allowed\n', output: { decision: 'block', reason: 'rm -rf is not allowed' } }),
      ],
      HookEventName.BeforeTool,
    );
    expect(result.success).toBe(false);
    expect(result.finalOutput?.isBlockingDecision()).toBe(true);
    expect(result.finalOutput?.getEffectiveReason()).toBe('rm -rf is not allowed');
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0].message).toBe('BeforeTool hook "sh deny.sh" exited with code 2 (block): rm -rf is not allowed');
  });

  it('HOOK-160, HOOK-213: a block from a successful hook is success true with a blocking finalOutput', () => {
    const result = aggregator.aggregateResults([succeeded({ decision: 'deny', reason: 'no' })], HookEventName.BeforeTool);
    expect(result.success).toBe(true);
    expect(result.errors).toEqual([]);
    expect(result.finalOutput?.isBlockingDecision()).toBe(true);
  });

  it('an exit-2 result without parsed output blocks with its stderr, or the default reason when stderr is empty', () => {
    const withStderr = aggregator.aggregateResults([failed({ command: 'sh a.sh', exitCode: 2, stderr: ' path is protected \n' })], HookEventName.BeforeTool);
    expect(withStderr.finalOutput?.isBlockingDecision()).toBe(true);
    expect(withStderr.finalOutput?.getEffectiveReason()).toBe('path is protected');
    const withoutStderr = aggregator.aggregateResults([failed({ command: 'sh a.sh', exitCode: 2, stderr: '' })], HookEventName.BeforeTool);
    expect(withoutStderr.finalOutput?.isBlockingDecision()).toBe(true);
    expect(withoutStderr.finalOutput?.getEffectiveReason()).toBe(DEFAULT_BLOCK_REASON);
  });

  it('HOOK-031, HOOK-214: a failed AfterTool hook (exit 1) does not modify the result: its Warning output is not merged, but its error is reported', () => {
    const result = aggregator.aggregateResults(
      [failed({ command: 'sh broken.sh', exitCode: 1, stderr: 'boom', output: { systemMessage: 'Warning: boom' } }, HookEventName.AfterTool)],
      HookEventName.AfterTool,
    );
    expect(result.success).toBe(false);
    expect(result.finalOutput).toBeUndefined();
    expect(result.allOutputs).toEqual([]);
    expect(result.errors.map((error) => error.message)).toEqual(['AfterTool hook "sh broken.sh" exited with code 1: boom']);
  });

  it('HOOK-042, HOOK-052, HOOK-060: a failed model-event hook (exit 1) contributes nothing, not even its warning', () => {
    for (const eventName of [HookEventName.BeforeModel, HookEventName.AfterModel, HookEventName.BeforeToolSelection]) {
      const result = aggregator.aggregateResults(
        [failed({ command: 'sh broken.sh', exitCode: 1, stderr: 'boom', output: { decision: 'allow', systemMessage: 'Warning: boom' } }, eventName)],
        eventName,
      );
      expect(result.finalOutput, eventName).toBeUndefined();
      expect(result.errors, eventName).toHaveLength(1);
    }
  });

  it('HOOK-209, HOOK-023: a failed BeforeTool hook (exit 1) keeps its "Warning: <stderr>" system message, and never blocks', () => {
    for (const eventName of [HookEventName.BeforeTool, HookEventName.BeforeAgent, HookEventName.AfterAgent, HookEventName.SessionStart]) {
      const result = aggregator.aggregateResults(
        [failed({ command: 'sh broken.sh', exitCode: 1, stderr: 'disk almost full', output: { decision: 'allow', systemMessage: 'Warning: disk almost full' } }, eventName)],
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
      [failed({ command: 'sh x.sh', exitCode: 1, stderr: 'oops', output: { decision: 'deny', continue: false, systemMessage: 'Warning: oops' } })],
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
        failed({ command: 'sh crash.sh', exitCode: 1, stderr: 'crash', output: { systemMessage: 'Warning: crash' } }, HookEventName.AfterTool),
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
      [failed({ command: 'sh gone.sh', exitCode: 127, error: runnerError }), failed({ command: 'sh other.sh', exitCode: 3 })],
      HookEventName.BeforeTool,
    );
    expect(result.errors[0]).toBe(runnerError);
    const built = result.errors[1];
    expect(built).toBeInstanceOf(HookExecutionError);
    expect(built).toMatchObject({ kind: 'exit-code', command: 'sh other.sh', eventName: 'BeforeTool', message: 'BeforeTool hook "sh other.sh" exited with code 3' });
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

describe('HookAggregator: OR-merge for tool, agent and lifecycle events', () => {
  it('HOOK-092: any block among several BeforeTool hooks blocks', () => {
    const result = aggregator.aggregateResults(
      [succeeded({ decision: 'allow' }), succeeded({ decision: 'block', reason: 'no' }), succeeded({ decision: 'approve' })],
      HookEventName.BeforeTool,
    );
    expect(result.finalOutput?.isBlockingDecision()).toBe(true);
    expect(result.finalOutput?.decision).toBe('block');
  });

  it('HOOK-092, HOOK-158, HOOK-182: allow, approve, ask and no decision do not block', () => {
    const result = aggregator.aggregateResults(
      [succeeded({ decision: 'allow' }), succeeded({ decision: 'ask' }), succeeded({ decision: null }), succeeded({})],
      HookEventName.BeforeTool,
    );
    expect(result.finalOutput?.isBlockingDecision()).toBe(false);
  });

  it('HOOK-093: reasons from all hooks are joined with newlines', () => {
    const result = aggregator.aggregateResults(
      [succeeded({ decision: 'deny', reason: 'no secrets' }), succeeded({ reason: '' }), succeeded({ decision: 'block', reason: 'no rm' })],
      HookEventName.BeforeTool,
    );
    expect(result.finalOutput?.reason).toBe('no secrets\nno rm');
    expect(result.finalOutput?.getEffectiveReason()).toBe('no secrets\nno rm');
  });

  it('HOOK-094: systemMessages are joined with newlines', () => {
    const result = aggregator.aggregateResults([succeeded({ systemMessage: 'a' }), succeeded({ systemMessage: 'b' })], HookEventName.BeforeTool);
    expect(result.finalOutput?.systemMessage).toBe('a\nb');
  });

  it('HOOK-095: additionalContext strings are joined with newlines into hookSpecificOutput.additionalContext', () => {
    const result = aggregator.aggregateResults(
      [
        succeeded({ hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'lint: ok' } }, HookEventName.AfterTool),
        succeeded({ hookSpecificOutput: { additionalContext: 'tests: 3 failing' } }, HookEventName.AfterTool),
      ],
      HookEventName.AfterTool,
    );
    expect(result.finalOutput?.getAdditionalContext()).toBe('lint: ok\ntests: 3 failing');
    expect(result.finalOutput?.hookSpecificOutput).toEqual({ hookEventName: 'AfterTool', additionalContext: 'lint: ok\ntests: 3 failing' });
  });

  it('HOOK-096: suppressOutput is ORed: any true wins', () => {
    const onlyFalse = aggregator.aggregateResults([succeeded({ suppressOutput: false }), succeeded({})], HookEventName.AfterTool);
    expect(onlyFalse.finalOutput?.suppressOutput).toBe(false);
    const oneTrue = aggregator.aggregateResults(
      [succeeded({ suppressOutput: false }), succeeded({ suppressOutput: true }), succeeded({ suppressOutput: false })],
      HookEventName.AfterTool,
    );
    expect(oneTrue.finalOutput?.suppressOutput).toBe(true);
  });

  it('HOOK-097: any continue false stops the agent, with the stop reasons joined', () => {
    const result = aggregator.aggregateResults(
      [succeeded({ continue: true }), succeeded({ continue: false, stopReason: 'budget spent' }), succeeded({ continue: false, stopReason: 'tests green' })],
      HookEventName.BeforeTool,
    );
    expect(result.finalOutput?.shouldStopExecution()).toBe(true);
    expect(result.finalOutput?.stopReason).toBe('budget spent\ntests green');
    const allContinue = aggregator.aggregateResults([succeeded({ continue: true }), succeeded({})], HookEventName.BeforeTool);
    expect(allContinue.finalOutput?.shouldStopExecution()).toBe(false);
  });

  it('HOOK-208: additionalContext, systemMessage and suppressOutput from several AfterTool hooks all take effect together', () => {
    const result = aggregator.aggregateResults(
      [
        succeeded({ systemMessage: 'formatted', hookSpecificOutput: { additionalContext: 'ctx-1' } }, HookEventName.AfterTool),
        succeeded({ suppressOutput: true, systemMessage: 'scanned' }, HookEventName.AfterTool),
        succeeded({ hookSpecificOutput: { additionalContext: 'ctx-2' } }, HookEventName.AfterTool),
      ],
      HookEventName.AfterTool,
    );
    const output = result.finalOutput;
    expect(output?.getAdditionalContext()).toBe('ctx-1\nctx-2');
    expect(output?.systemMessage).toBe('formatted\nscanned');
    expect(output?.suppressOutput).toBe(true);
    expect(output?.isBlockingDecision()).toBe(false);
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

  it('HOOK-169, HOOK-171: a Claude Code permissionDecision deny blocks in the merge too, and a later allow does not undo it', () => {
    const result = aggregator.aggregateResults(
      [
        succeeded({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'protected path' } }),
        succeeded({ hookSpecificOutput: { permissionDecision: 'allow', permissionDecisionReason: 'looks fine' } }),
      ],
      HookEventName.BeforeTool,
    );
    expect(result.finalOutput?.isBlockingDecision()).toBe(true);
    expect(result.finalOutput?.decision).toBe('deny');
    expect(result.finalOutput?.hookSpecificOutput?.['permissionDecision']).toBe('deny');
    expect(result.finalOutput?.getEffectiveReason()).toBe('protected path\nlooks fine');
  });

  it('HOOK-190: BeforeAgent, AfterAgent and SessionStart use the OR-merge', () => {
    for (const eventName of [HookEventName.BeforeAgent, HookEventName.AfterAgent, HookEventName.SessionStart]) {
      const result = aggregator.aggregateResults(
        [
          succeeded({ decision: 'block', reason: 'r1', hookSpecificOutput: { additionalContext: 'c1' } }, eventName),
          succeeded({ decision: 'allow', reason: 'r2', hookSpecificOutput: { additionalContext: 'c2' } }, eventName),
        ],
        eventName,
      );
      expect(result.finalOutput).toBeInstanceOf(DefaultHookOutput);
      expect(result.finalOutput?.isBlockingDecision()).toBe(true);
      expect(result.finalOutput?.reason).toBe('r1\nr2');
      expect(result.finalOutput?.getAdditionalContext()).toBe('c1\nc2');
    }
  });
});

describe('HookAggregator: field replacement for model events', () => {
  it('HOOK-098: BeforeModel shallow-merges hookSpecificOutput, later hooks overriding earlier ones field by field', () => {
    const result = aggregator.aggregateResults(
      [
        succeeded({ systemMessage: 'one', hookSpecificOutput: { llm_request: { model: 'a' }, keep: 1 } }, HookEventName.BeforeModel),
        succeeded({ systemMessage: 'two', hookSpecificOutput: { llm_request: { model: 'b', messages: [] } } }, HookEventName.BeforeModel),
      ],
      HookEventName.BeforeModel,
    );
    expect(result.finalOutput).toBeInstanceOf(BeforeModelHookOutput);
    expect(result.finalOutput?.hookSpecificOutput).toEqual({ llm_request: { model: 'b', messages: [] }, keep: 1 });
    expect(result.finalOutput?.systemMessage).toBe('two');
  });

  it('HOOK-098: AfterModel replaces llm_response with the later hook’s', () => {
    const first = { candidates: [{ content: { role: 'model', parts: ['first'] } }] };
    const second = { candidates: [{ content: { role: 'model', parts: ['second'] } }] };
    const result = aggregator.aggregateResults(
      [succeeded({ hookSpecificOutput: { llm_response: first } }, HookEventName.AfterModel), succeeded({ hookSpecificOutput: { llm_response: second } }, HookEventName.AfterModel)],
      HookEventName.AfterModel,
    );
    expect(result.finalOutput).toBeInstanceOf(AfterModelHookOutput);
    const response = (result.finalOutput as AfterModelHookOutput).getModifiedResponse();
    expect(response?.candidates?.[0]?.content?.parts).toEqual([{ text: 'second' }]);
  });

  it('a block or stop from an earlier model hook is not undone by a later allow', () => {
    const result = aggregator.aggregateResults(
      [
        succeeded({ decision: 'block', reason: 'prompt leaks a key', continue: false, stopReason: 'halt' }, HookEventName.BeforeModel),
        succeeded({ decision: 'allow', reason: 'fine', continue: true }, HookEventName.BeforeModel),
      ],
      HookEventName.BeforeModel,
    );
    expect(result.finalOutput?.isBlockingDecision()).toBe(true);
    expect(result.finalOutput?.reason).toBe('prompt leaks a key');
    expect(result.finalOutput?.shouldStopExecution()).toBe(true);
    expect(result.finalOutput?.stopReason).toBe('halt');
  });
});

describe('HookAggregator: union for BeforeToolSelection', () => {
  function selection(toolConfig: Record<string, unknown>, extra: HookOutput = {}): HookExecutionResult {
    return succeeded({ ...extra, hookSpecificOutput: { hookEventName: 'BeforeToolSelection', toolConfig } }, HookEventName.BeforeToolSelection);
  }

  it('HOOK-099, HOOK-102, HOOK-210: allowedFunctionNames are unioned and sorted alphabetically', () => {
    const result = aggregator.aggregateResults(
      [
        selection({ mode: 'ANY', allowedFunctionNames: ['write_file', 'read_file'] }),
        selection({ mode: 'ANY', allowedFunctionNames: ['list_directory', 'read_file'] }),
      ],
      HookEventName.BeforeToolSelection,
    );
    expect(result.finalOutput).toBeInstanceOf(BeforeToolSelectionHookOutput);
    expect(result.finalOutput?.hookSpecificOutput?.['toolConfig']).toEqual({ mode: 'ANY', allowedFunctionNames: ['list_directory', 'read_file', 'write_file'] });
  });

  it('HOOK-100, HOOK-210: mode is most-restrictive-wins, ANY over AUTO', () => {
    const result = aggregator.aggregateResults(
      [selection({ mode: 'AUTO' }), selection({ mode: 'ANY', allowedFunctionNames: ['b'] }), selection({ mode: 'AUTO', allowedFunctionNames: ['a'] })],
      HookEventName.BeforeToolSelection,
    );
    expect(result.finalOutput?.hookSpecificOutput?.['toolConfig']).toEqual({ mode: 'ANY', allowedFunctionNames: ['a', 'b'] });
  });

  it('HOOK-100, HOOK-101, HOOK-210: any NONE gives mode NONE with no allowed functions, regardless of the others', () => {
    const result = aggregator.aggregateResults(
      [selection({ mode: 'ANY', allowedFunctionNames: ['read_file'] }), selection({ mode: 'NONE' }), selection({ mode: 'AUTO', allowedFunctionNames: ['write_file'] })],
      HookEventName.BeforeToolSelection,
    );
    expect(result.finalOutput?.hookSpecificOutput?.['toolConfig']).toEqual({ mode: 'NONE', allowedFunctionNames: [] });
    const applied = result.finalOutput?.applyToolConfigModifications({ tools: [{ functionDeclarations: [{ name: 'read_file' }] }] });
    expect(applied?.toolConfig?.functionCallingConfig).toEqual({ mode: 'NONE', allowedFunctionNames: [] });
    expect(applied?.tools).toEqual([{ functionDeclarations: [{ name: 'read_file' }] }]);
  });

  it('HOOK-210: continue, stopReason and systemMessage are carried alongside the union', () => {
    const result = aggregator.aggregateResults(
      [
        selection({ mode: 'ANY', allowedFunctionNames: ['a'] }, { systemMessage: 'restricted' }),
        selection({ allowedFunctionNames: ['c'] }, { continue: false, stopReason: 'done' }),
      ],
      HookEventName.BeforeToolSelection,
    );
    expect(result.finalOutput?.shouldStopExecution()).toBe(true);
    expect(result.finalOutput?.stopReason).toBe('done');
    expect(result.finalOutput?.systemMessage).toBe('restricted');
    expect(result.finalOutput?.hookSpecificOutput).toEqual({ hookEventName: 'BeforeToolSelection', toolConfig: { mode: 'ANY', allowedFunctionNames: ['a', 'c'] } });
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
    expect(createSpecificHookOutput({}, HookEventName.BeforeToolSelection)).toBeInstanceOf(BeforeToolSelectionHookOutput);
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
      [command('respond.sh', '0', '{"systemMessage":"lint ok"}'), command('crash-with-block-json.sh'), command('respond.sh', '0', '{"systemMessage":"tests ok"}')],
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
