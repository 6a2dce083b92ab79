/**
 * A prompt hook on the real GenAI path: the real `GoogleGenAI` client, through
 * the adapter, against a stand-in Gemini API on 127.0.0.1 — the response schema and JSON mime type
 * reach the wire, the hook's `model` picks the endpoint, and the answer decides; an HTTP error or a
 * stream that never ends is a failure bounded by the hook's timeout.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GeminiContentGenerator } from '../../../src/adapters/models/genaiModel.js';
import type { HookExecutionError } from '../../../src/errors.js';
import { Config } from '../../../src/hooks/engine/config.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { PromptHookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import { recordingLogger } from '../../../src/testing.js';
import { geminiChunk, startGeminiTestServer, type GeminiTestServer } from '../../helpers/adapterGeminiServer.js';

let server: GeminiTestServer;
beforeEach(async () => {
  server = await startGeminiTestServer();
});
afterEach(() => server.close());

async function fire(hook: PromptHookConfig) {
  const { logger } = recordingLogger();
  const hookModel = new GeminiContentGenerator({
    apiKey: 'dummy-key-for-tests',
    model: 'gemini-2.5-flash',
    baseUrl: server.baseUrl,
  });
  const config = new Config({ enableHooks: true, logger, hooks: { BeforeTool: [{ hooks: [hook] }] }, hookModel });
  const hookSystem = config.getHookSystem()!;
  await hookSystem.initialize();
  return hookSystem.getEventHandler().fireEventWithDetails(HookEventName.BeforeTool, {
    tool_name: 'run_shell_command',
    tool_input: { command: 'rm -rf /' },
  });
}

describe('prompt hooks through the GenAI adapter', () => {
  it('the request carries responseMimeType application/json and the {ok, reason} schema; the answer blocks', async () => {
    server.reply({
      kind: 'stream',
      chunks: [
        geminiChunk([{ text: '{"ok": false, ' }]),
        geminiChunk([{ text: '"reason": "deletes the whole disk"}' }], 'STOP'),
      ],
    });
    const details = await fire({ type: 'prompt', prompt: 'Is this command safe? $ARGUMENTS' });
    expect(details.aggregated.finalOutput?.isBlockingDecision()).toBe(true);
    expect(details.aggregated.finalOutput?.getEffectiveReason()).toBe('deletes the whole disk');
    expect(details.results[0]).toMatchObject({ success: true, model: 'gemini-2.5-flash' });

    const [sent] = server.requests;
    expect(sent!.url).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    const generationConfig = sent!.body['generationConfig'] as Record<string, unknown>;
    expect(generationConfig['responseMimeType']).toBe('application/json');
    expect(generationConfig['responseSchema']).toEqual({
      type: 'OBJECT',
      properties: {
        ok: expect.objectContaining({ type: 'BOOLEAN' }),
        reason: expect.objectContaining({ type: 'STRING' }),
      },
      required: ['ok'],
      propertyOrdering: ['ok', 'reason'],
    });
    expect(JSON.stringify(sent!.body['systemInstruction'])).toContain('Reply with only a JSON object');
    expect(JSON.stringify(sent!.body['contents'])).toContain('rm -rf /');
  });

  it("the hook's model field is the model the API is asked", async () => {
    server.reply({ kind: 'stream', chunks: [geminiChunk([{ text: '{"ok": true}' }], 'STOP')] });
    const details = await fire({ type: 'prompt', prompt: 'Is this command safe?', model: 'gemini-2.5-flash-lite' });
    expect(details.results[0]).toMatchObject({
      success: true,
      model: 'gemini-2.5-flash-lite',
      output: { decision: 'allow' },
    });
    expect(server.requests[0]!.url).toBe('/v1beta/models/gemini-2.5-flash-lite:streamGenerateContent?alt=sse');
  });

  it('an HTTP error of the API is a failure naming the status; with onFailure block it blocks', async () => {
    server.reply({
      kind: 'error',
      status: 429,
      body: { error: { code: 429, message: 'Resource exhausted', status: 'RESOURCE_EXHAUSTED' } },
    });
    const details = await fire({ type: 'prompt', prompt: 'Is this command safe?', onFailure: 'block' });
    const [result] = details.results;
    expect(result).toMatchObject({ success: false, failedClosed: true });
    expect((result!.error as HookExecutionError).kind).toBe('model');
    expect(result!.error!.message).toMatch(/HTTP 429/);
    expect(details.aggregated.finalOutput?.isBlockingDecision()).toBe(true);
  });

  it('a stream that never ends is cut at the hook timeout and the connection is closed', async () => {
    server.reply({ kind: 'hang-after', chunks: [geminiChunk([{ text: '{"ok": ' }])] });
    const details = await fire({ type: 'prompt', prompt: 'Is this command safe?', timeout: 300 });
    expect(details.results[0]).toMatchObject({ success: false, timedOut: true });
    await server.disconnected();
  });
});
