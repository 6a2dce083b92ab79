/**
 * `hookrail hooks fire` with prompt and agent hooks: a scenario's scripted hook
 * model or a real model (`--model`, here the stand-in Gemini API on 127.0.0.1) answers, and the
 * report shows each judged hook's question, the model that answered, its answer and the decision.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runHookrail, useCliSandbox, writeScenario } from '../helpers/cliProcess.js';
import { geminiChunk, startGeminiTestServer, type GeminiTestServer } from '../helpers/adapterGeminiServer.js';

const sandbox = useCliSandbox();

const safetyHook = { type: 'prompt', name: 'safety', prompt: 'Is this command safe? $ARGUMENTS' };

async function writeJudgedScenario(
  hookModelTurns: unknown[],
  hooks: Record<string, unknown> = { BeforeTool: [{ hooks: [safetyHook] }] },
): Promise<string> {
  const scenario = { turns: [{ text: 'unused' }], settings: { hooks }, hookModel: { turns: hookModelTurns } };
  return writeScenario(sandbox, 'judged', scenario);
}

const rmInput = ['--tool', 'run_shell_command', '--input', '{"command":"rm -rf build"}'];

describe('hooks fire with a scripted hook model', () => {
  it("a prompt hook's block is reported with the model that answered, its answer and the decision", async () => {
    const scenario = await writeJudgedScenario([{ text: '{"ok": false, "reason": "deletes the build"}' }]);
    const result = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', ...rmInput, '--scenario', scenario]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('● prompt: Is this command safe? $ARGUMENTS  (safety)  [prompt]');
    expect(result.stdout).toContain('answered ok: false — block');
    expect(result.stdout).toContain('model:  scripted:judged:hookModel');
    expect(result.stdout).toContain('answer: {"ok": false, "reason": "deletes the build"}');
    expect(result.stdout).toMatch(/blocked|BLOCK/i);
    expect(result.stdout).toContain('deletes the build');
  });

  it('--json carries the prompt, model, modelAnswer and the failure of a garbage answer', async () => {
    const scenario = await writeJudgedScenario([{ text: 'no idea' }]);
    const result = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'BeforeTool',
      ...rmInput,
      '--scenario',
      scenario,
      '--json',
    ]);
    const report = JSON.parse(result.stdout) as { hooks: Array<Record<string, unknown>> };
    expect(report.hooks[0]).toMatchObject({
      type: 'prompt',
      prompt: 'Is this command safe? $ARGUMENTS',
      model: 'scripted:judged:hookModel',
      modelAnswer: 'no idea',
      success: false,
    });
    expect(String(report.hooks[0]!['error'])).toMatch(/the answer is not JSON: "no idea"/);
  });

  it('an agent hook reads a file to decide, and the report says in how many turns', async () => {
    await sandbox.writeProjectFile('STATUS', 'tests: failing\n');
    const agentHook = {
      type: 'agent',
      name: 'status',
      prompt: 'Block unless STATUS says passing. $ARGUMENTS',
      maxTurns: 3,
    };
    const scenario = await writeJudgedScenario(
      [
        { functionCalls: [{ name: 'read_file', args: { file_path: 'STATUS' } }] },
        { expect: { functionResponseContains: 'failing' }, text: '{"ok": false, "reason": "tests fail"}' },
      ],
      { BeforeTool: [{ hooks: [agentHook] }] },
    );
    const result = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', ...rmInput, '--scenario', scenario]);
    expect(result.stdout).toContain('[agent]');
    expect(result.stdout).toContain('model:  scripted:judged:hookModel in 2 turns');
    expect(result.stdout).toContain('answer: {"ok": false, "reason": "tests fail"}');
  });

  it('without a hook model the hook fails and the report says how to give one', async () => {
    await sandbox.writeProjectFile(
      'judged-settings.json',
      JSON.stringify({ hooks: { BeforeTool: [{ hooks: [safetyHook] }] } }),
    );
    const result = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'BeforeTool',
      ...rmInput,
      '--settings',
      'judged-settings.json',
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/no hook model: .*--model or a scenario with a "hookModel" section/);
  });
});

describe('hooks fire with a real model (--model)', () => {
  let server: GeminiTestServer;
  beforeEach(async () => {
    server = await startGeminiTestServer();
  });
  afterEach(() => server.close());

  it('the hook asks the named model through the GenAI API, response schema included', async () => {
    await sandbox.writeProjectFile(
      'judged-settings.json',
      JSON.stringify({ hooks: { BeforeTool: [{ hooks: [safetyHook] }] } }),
    );
    server.reply({
      kind: 'stream',
      chunks: [geminiChunk([{ text: '{"ok": true, "reason": "only the build directory"}' }], 'STOP')],
    });
    const env = { GEMINI_API_KEY: 'dummy-key-for-tests', GOOGLE_GEMINI_BASE_URL: server.baseUrl };
    const result = await runHookrail(
      sandbox,
      ['hooks', 'fire', 'BeforeTool', ...rmInput, '--settings', 'judged-settings.json', '--model', 'gemini-2.5-flash'],
      { env },
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('answered ok: true — allow');
    expect(result.stdout).toContain('model:  gemini-2.5-flash');
    expect(server.requests[0]!.url).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect((server.requests[0]!.body['generationConfig'] as Record<string, unknown>)['responseMimeType']).toBe(
      'application/json',
    );
  });

  it('--model without an API key is one clear error', async () => {
    const result = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'BeforeTool',
      ...rmInput,
      '--model',
      'gemini-2.5-flash',
    ]);
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/--model gemini-2.5-flash: .*needs a Gemini API key/);
  });
});
