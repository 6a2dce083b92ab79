/**
 * `hookrail/ai-sdk` tools: the real `generateText` loop of the `ai` package, its own mock model, and
 * real hook scripts. Every call of a hooked tool goes through the toolCall machine.
 */
import { readFileSync } from 'node:fs';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { Config } from '../../../src/index.js';
import { createHookrail, HookedToolCallError } from '../../../src/integrations/ai-sdk/index.js';
import { recordingBashTool, scriptedModel, textAnswer, toolCallAnswer } from '../../helpers/aiSdkModel.js';
import { fixtureCommand } from '../../helpers/hookFixtures.js';
import {
  modelHookConfig,
  recordedInputs,
  useModelHookSandbox,
  type ModelHookAnswer,
} from '../../helpers/modelHooks.js';
import { publishedHook } from '../../helpers/publishedHooks.js';

const sandbox = useModelHookSandbox();

/** The tool message the model got after the first step: the result parts of its second call. */
function toolResultsSeen(model: ReturnType<typeof scriptedModel>, call = 1): unknown[] {
  const prompt = model.doGenerateCalls[call]?.prompt ?? [];
  return prompt.filter((message) => message.role === 'tool').flatMap((message) => message.content);
}

/** A run whose one tool call throws `disk full`, with an AfterTool hook on it answering `answer`. */
async function runFailingTool(answer: ModelHookAnswer) {
  const hook = sandbox.respond(answer);
  const { config } = modelHookConfig({
    AfterTool: [{ matcher: 'flaky', hooks: [{ type: 'command', command: hook.command }] }],
  });
  const hooks = createHookrail({ config });
  const failure = new Error('disk full');
  const flaky = tool({
    inputSchema: jsonSchema<Record<string, never>>({ type: 'object' }),
    execute: async (): Promise<string> => {
      throw failure;
    },
  });
  const model = scriptedModel({ generate: [toolCallAnswer('flaky', {}), textAnswer('ok')] });
  const result = await generateText({ model, tools: hooks.tools({ flaky }), prompt: 'go', stopWhen: stepCountIs(5) });
  return { result, failure, model, hook };
}

describe('hookrail/ai-sdk tools', () => {
  it("HOOK-017: a Claude Code PreToolUse hook with matcher Bash blocks the builder's bash tool; the model reads exactly the hook's reason as the tool's error output", async () => {
    const config = new Config({
      enableHooks: true,
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [{ type: 'command', command: `node '${publishedHook('claude', 'deny-destructive-bash.mjs')}'` }],
          },
        ],
      },
    });
    const hooks = createHookrail({ config, toolNames: { bash: 'run_shell_command' } });
    const model = scriptedModel({
      generate: [toolCallAnswer('bash', { command: 'rm -rf build' }), textAnswer('I will not delete it.')],
    });
    const { bash, commands } = recordingBashTool();
    const result = await generateText({
      model,
      tools: hooks.tools({ bash }),
      prompt: 'clean up',
      stopWhen: stepCountIs(5),
    });
    expect(commands).toEqual([]);
    const reason = 'Blocked by deny-destructive-bash: recursive forced delete (rm -rf). Command: rm -rf build';
    expect(toolResultsSeen(model)).toEqual([
      { type: 'tool-result', toolCallId: 'call-bash', toolName: 'bash', output: { type: 'error-text', value: reason } },
    ]);
    const error = result.steps[0]!.content.find((part) => part.type === 'tool-error');
    expect(HookedToolCallError.isInstance(error?.error)).toBe(true);
    expect(error?.error).toMatchObject({ outcome: 'blocked', toolName: 'bash', message: reason });
    expect(result.text).toBe('I will not delete it.');
  });

  it('HOOK-019, HOOK-159: a BeforeTool hook rewrites the input (the example add-dry-run.js): the tool runs the rewritten command, the model reads the result with the [System] note', async () => {
    const config = new Config({
      enableHooks: true,
      hooks: {
        BeforeTool: [
          {
            matcher: 'run_shell_command',
            hooks: [{ type: 'command', command: `node '${process.cwd()}/examples/hooks/add-dry-run.js'` }],
          },
        ],
      },
    });
    const hooks = createHookrail({ config, toolNames: { bash: 'run_shell_command' } });
    const model = scriptedModel({
      generate: [toolCallAnswer('bash', { command: 'sh examples/bin/deploy.sh' }), textAnswer('Dry run done.')],
    });
    const { bash, commands } = recordingBashTool();
    await generateText({ model, tools: hooks.tools({ bash }), prompt: 'deploy', stopWhen: stepCountIs(5) });
    expect(commands).toEqual(['sh examples/bin/deploy.sh --dry-run']);
    const [seen] = toolResultsSeen(model) as Array<{ output: { type: string; value: string } }>;
    expect(seen!.output.type).toBe('text');
    expect(seen!.output.value).toBe(
      'ran: sh examples/bin/deploy.sh --dry-run\n\n[System] add-dry-run.js rewrote the command to "sh examples/bin/deploy.sh --dry-run". Show the user what would change and let them run it for real.',
    );
  });

  it('HOOK-026: a structured output reaches AfterTool hooks as tool_response (native: output; Claude Code: the object itself) and comes back to the AI SDK as the same object', async () => {
    const nativeCapture = sandbox.file('native.json');
    const claudeCapture = sandbox.file('claude.json');
    const config = new Config({
      enableHooks: true,
      hooks: {
        AfterTool: [
          {
            matcher: 'lookup_order',
            hooks: [{ type: 'command', command: fixtureCommand('dialects/record-and-answer.mjs', nativeCapture) }],
          },
        ],
      },
    });
    const claudeConfig = new Config({
      enableHooks: true,
      hooks: {
        PostToolUse: [
          {
            matcher: 'lookup_order',
            hooks: [{ type: 'command', command: fixtureCommand('dialects/record-and-answer.mjs', claudeCapture) }],
          },
        ],
      },
    });
    const order = { id: 'A-17', items: [{ sku: 'x1', quantity: 2 }], shipped: false };
    const lookupOrder = tool({
      inputSchema: jsonSchema<{ id: string }>({ type: 'object', properties: { id: { type: 'string' } } }),
      execute: async () => order,
    });
    for (const [hookConfig, capture] of [
      [config, nativeCapture],
      [claudeConfig, claudeCapture],
    ] as const) {
      const hooks = createHookrail({ config: hookConfig });
      const model = scriptedModel({
        generate: [toolCallAnswer('lookup_order', { id: 'A-17' }), textAnswer('Not shipped yet.')],
      });
      const result = await generateText({
        model,
        tools: hooks.tools({ lookup_order: lookupOrder }),
        prompt: 'where is A-17',
        stopWhen: stepCountIs(5),
      });
      expect(result.steps[0]!.toolResults[0]!.output).toBe(order);
      expect(toolResultsSeen(model)).toEqual([
        {
          type: 'tool-result',
          toolCallId: 'call-lookup_order',
          toolName: 'lookup_order',
          output: { type: 'json', value: order },
        },
      ]);
      const stdin = JSON.parse(JSON.parse(readFileSync(capture, 'utf8')).raw as string) as Record<string, unknown>;
      if (capture === nativeCapture) {
        expect(stdin['tool_name']).toBe('lookup_order');
        expect(stdin['tool_response']).toEqual({
          llmContent: JSON.stringify(order),
          returnDisplay: JSON.stringify(order),
          metadata: {},
          output: order,
        });
      } else {
        expect(stdin['hook_event_name']).toBe('PostToolUse');
        expect(stdin['tool_response']).toEqual(order);
      }
    }
  });

  it('HOOK-027: AfterTool additionalContext reaches the model after the JSON of a structured output; the app gets that text', async () => {
    const context = sandbox.respond({
      stdout: { hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'Orders ship within 2 days.' } },
    });
    const { config } = modelHookConfig({
      AfterTool: [{ matcher: 'lookup_order', hooks: [{ type: 'command', command: context.command }] }],
    });
    const hooks = createHookrail({ config });
    const lookupOrder = tool({
      inputSchema: jsonSchema<{ id: string }>({ type: 'object' }),
      execute: async () => ({ id: 'A-17', shipped: false }),
    });
    const model = scriptedModel({ generate: [toolCallAnswer('lookup_order', { id: 'A-17' }), textAnswer('ok')] });
    const result = await generateText({
      model,
      tools: hooks.tools({ lookup_order: lookupOrder }),
      prompt: 'where',
      stopWhen: stepCountIs(5),
    });
    const expected = '{"id":"A-17","shipped":false}\n\nOrders ship within 2 days.';
    expect(result.steps[0]!.toolResults[0]!.output).toBe(expected);
    expect(toolResultsSeen(model)).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'call-lookup_order',
        toolName: 'lookup_order',
        output: { type: 'text', value: expected },
      },
    ]);
    expect(recordedInputs(context)[0]!['tool_response']).toMatchObject({ output: { id: 'A-17', shipped: false } });
  });

  it("a Claude Code PostToolUse hook's updatedToolOutput replaces the tool's value: the AI SDK and the model get the hook's object", async () => {
    const replace = sandbox.respond({
      stdout: {
        hookSpecificOutput: { hookEventName: 'PostToolUse', updatedToolOutput: { id: 'A-17', customer: '[redacted]' } },
      },
    });
    const config = new Config({
      enableHooks: true,
      hooks: { PostToolUse: [{ matcher: 'lookup_order', hooks: [{ type: 'command', command: replace.command }] }] },
    });
    const hooks = createHookrail({ config });
    const lookupOrder = tool({
      inputSchema: jsonSchema<{ id: string }>({ type: 'object' }),
      execute: async () => ({ id: 'A-17', customer: 'Ada Lovelace' }),
    });
    const model = scriptedModel({ generate: [toolCallAnswer('lookup_order', { id: 'A-17' }), textAnswer('ok')] });
    const result = await generateText({
      model,
      tools: hooks.tools({ lookup_order: lookupOrder }),
      prompt: 'who ordered',
      stopWhen: stepCountIs(5),
    });
    expect(result.steps[0]!.toolResults[0]!.output).toEqual({ id: 'A-17', customer: '[redacted]' });
    expect(toolResultsSeen(model)).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'call-lookup_order',
        toolName: 'lookup_order',
        output: { type: 'json', value: { id: 'A-17', customer: '[redacted]' } },
      },
    ]);
  });

  it('HOOK-020, HOOK-028: an AfterTool continue:false ends the run through stopWhen: no further model call, the reason on hooks.stopReason', async () => {
    const stop = sandbox.respond({ stdout: { continue: false, stopReason: 'Tests failed: stop here' } });
    const { config } = modelHookConfig({
      AfterTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: stop.command }] }],
    });
    const hooks = createHookrail({ config, toolNames: { bash: 'run_shell_command' } });
    const model = scriptedModel({
      generate: [toolCallAnswer('bash', { command: 'npm test' }), textAnswer('never asked')],
    });
    const { bash, commands } = recordingBashTool();
    const result = await generateText({
      model,
      tools: hooks.tools({ bash }),
      prompt: 'test',
      stopWhen: [stepCountIs(5), hooks.stopWhen],
    });
    expect(commands).toEqual(['npm test']);
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(result.steps).toHaveLength(1);
    expect(hooks.stopReason).toBe('Tests failed: stop here');
    const error = result.steps[0]!.content.find((part) => part.type === 'tool-error');
    expect(error?.error).toMatchObject({
      outcome: 'stopped',
      stopReason: 'Tests failed: stop here',
      message: 'Agent execution stopped by hook: Tests failed: stop here',
    });
  });

  it("maps tool names both ways: a matcher on hookrail's name applies to the mapped tool only; an unmapped tool keeps its own name", async () => {
    const record = sandbox.respond();
    const { config } = modelHookConfig({
      BeforeTool: [
        { matcher: 'run_shell_command', hooks: [{ type: 'command', command: record.command }] },
        { matcher: 'notes', hooks: [{ type: 'command', command: record.command }] },
      ],
    });
    const hooks = createHookrail({ config, toolNames: { bash: 'run_shell_command' } });
    const notes = tool({
      inputSchema: jsonSchema<{ topic: string }>({ type: 'object' }),
      execute: async ({ topic }) => `notes on ${topic}`,
    });
    const { bash } = recordingBashTool();
    const model = scriptedModel({
      generate: [
        {
          ...toolCallAnswer('bash', { command: 'ls' }),
          content: [
            ...toolCallAnswer('bash', { command: 'ls' }).content,
            ...toolCallAnswer('notes', { topic: 'x' }).content,
          ],
        },
        textAnswer('done'),
      ],
    });
    await generateText({ model, tools: hooks.tools({ bash, notes }), prompt: 'go', stopWhen: stepCountIs(5) });
    const inputs = recordedInputs(record).map((input) => [input['tool_name'], input['tool_input']]);
    expect(inputs.sort()).toEqual([
      ['notes', { topic: 'x' }],
      ['run_shell_command', { command: 'ls' }],
    ]);
  });

  it('a toolNames value that is not a tool name is refused at once, naming toolNames.<tool>', () => {
    const config = new Config({ enableHooks: true });
    expect(() => createHookrail({ config, toolNames: { bash: '' } })).toThrow('toolNames.bash');
    expect(() => createHookrail({ config, toolNames: { bash: 42 } as unknown as Record<string, string> })).toThrow(
      /toolNames\.bash.*must be a tool name \(a non-empty string\), got 42/,
    );
  });

  it('HOOK-002: with hooks disabled a hooked tool calls the tool directly and returns its own value', async () => {
    const hooks = createHookrail({ config: new Config({ enableHooks: false }) });
    const value = { rows: [1, 2, 3] };
    const execute = async () => value;
    const tools = hooks.tools({
      table: tool({ inputSchema: jsonSchema<Record<string, never>>({ type: 'object' }), execute }),
    });
    await expect(tools.table.execute!({}, { toolCallId: 'c1', messages: [], context: undefined })).resolves.toBe(value);
  });

  it("HOOK-025: a tool that throws reaches AfterTool as an error result, and the AI SDK gets the tool's own error when no hook changes it", async () => {
    const { result, failure, hook: record } = await runFailingTool({});
    expect(result.steps[0]!.content.find((part) => part.type === 'tool-error')?.error).toBe(failure);
    expect(recordedInputs(record)[0]!['tool_response']).toMatchObject({
      error: { message: 'disk full', type: 'tool_execution_error' },
    });
  });

  it('HOOK-027: a tool that throws and gets AfterTool context: the model reads the error result with the context; the original error is the cause', async () => {
    const { result, failure, model } = await runFailingTool({
      stdout: { hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'The disk is cleaned nightly.' } },
    });
    const error = result.steps[0]!.content.find((part) => part.type === 'tool-error')?.error;
    expect(error).toMatchObject({
      outcome: 'failed',
      message: 'Tool execution failed: disk full\n\nThe disk is cleaned nightly.',
    });
    expect((error as Error).cause).toBe(failure);
    expect(toolResultsSeen(model)).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'call-flaky',
        toolName: 'flaky',
        output: { type: 'error-text', value: 'Tool execution failed: disk full\n\nThe disk is cleaned nightly.' },
      },
    ]);
  });

  it('a streaming tool (an async generator) under a tool hook: AfterTool and the AI SDK get its last value; its preliminary values are not passed on', async () => {
    const record = sandbox.respond();
    const { config } = modelHookConfig({
      AfterTool: [{ matcher: 'progress', hooks: [{ type: 'command', command: record.command }] }],
    });
    const hooks = createHookrail({ config });
    const progress = tool({
      inputSchema: jsonSchema<Record<string, never>>({ type: 'object' }),
      async *execute() {
        yield { done: 1 };
        yield { done: 2 };
      },
    });
    const model = scriptedModel({ generate: [toolCallAnswer('progress', {}), textAnswer('ok')] });
    const result = await generateText({
      model,
      tools: hooks.tools({ progress }),
      prompt: 'go',
      stopWhen: stepCountIs(5),
    });
    expect(result.steps[0]!.toolResults.map((part) => [part.output, part.preliminary ?? false])).toEqual([
      [{ done: 2 }, false],
    ]);
    expect(recordedInputs(record)[0]!['tool_response']).toMatchObject({ output: { done: 2 } });
  });

  it('a hook that asks goes to Config.onAskUser: a deny blocks the call with the reason the model reads', async () => {
    const ask = sandbox.respond({
      stdout: {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'ask',
          permissionDecisionReason: 'Pushing needs a human',
        },
      },
    });
    const config = new Config({
      enableHooks: true,
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: ask.command }] }] },
      onAskUser: async () => ({ decision: 'deny', reason: 'not today' }),
    });
    const hooks = createHookrail({ config, toolNames: { bash: 'run_shell_command' } });
    const model = scriptedModel({ generate: [toolCallAnswer('bash', { command: 'git push' }), textAnswer('ok')] });
    const { bash, commands } = recordingBashTool();
    await generateText({ model, tools: hooks.tools({ bash }), prompt: 'push', stopWhen: stepCountIs(5) });
    expect(commands).toEqual([]);
    const [seen] = toolResultsSeen(model) as Array<{ output: { type: string; value: string } }>;
    expect(seen!.output).toEqual({
      type: 'error-text',
      value: 'Permission to run run_shell_command was denied: not today',
    });
  });
});
