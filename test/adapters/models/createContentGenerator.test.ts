import { fileURLToPath } from 'node:url';
import type { GenerateContentResponse } from '@google/genai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContentGenerator } from '../../../src/adapters/models/createContentGenerator.js';
import { defaultScenario } from '../../../src/adapters/models/defaultScenario.js';
import { GeminiContentGenerator } from '../../../src/adapters/models/genaiModel.js';
import { loadScenario } from '../../../src/adapters/models/scenario.js';
import { ScriptedContentGenerator } from '../../../src/adapters/models/scriptedModel.js';
import { ModelError, ScenarioError } from '../../../src/errors.js';
import { geminiChunk, startGeminiTestServer, type GeminiTestServer } from '../../helpers/adapterGeminiServer.js';

const scenarioFile = (name: string): string =>
  fileURLToPath(new URL(`../../fixtures/scenarios/${name}`, import.meta.url));

async function collectText(stream: AsyncIterable<GenerateContentResponse>): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    for (const part of chunk.candidates?.[0].content?.parts ?? []) text += part.text ?? '';
  }
  return text;
}

const prompt = { model: '', contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };

describe('createContentGenerator', () => {
  it('plays a scenario file with the scripted model', async () => {
    const generator = await createContentGenerator({ scenarioFile: scenarioFile('block-rm.json'), env: {} });
    expect(generator).toBeInstanceOf(ScriptedContentGenerator);
    expect(generator.name).toBe('scripted:block-rm');
    expect((generator as ScriptedContentGenerator).scenario.prompt).toBe('clean up the build directory');
  });

  it('plays an already loaded scenario, and a scenario wins over a model name and key', async () => {
    const scenario = await loadScenario(scenarioFile('write-and-read.json'));
    const fromObject = await createContentGenerator({
      scenario,
      model: 'gemini-2.5-flash',
      env: { GEMINI_API_KEY: 'dummy' },
    });
    expect(fromObject).toBeInstanceOf(ScriptedContentGenerator);
    expect((fromObject as ScriptedContentGenerator).scenario).toBe(scenario);
    const fromFile = await createContentGenerator({
      scenarioFile: scenarioFile('block-rm.json'),
      model: 'gemini-2.5-flash',
      env: { GEMINI_API_KEY: 'dummy' },
    });
    expect(fromFile.name).toBe('scripted:block-rm');
  });

  it('reports a missing or invalid scenario file as a ScenarioError naming the file', async () => {
    await expect(createContentGenerator({ scenarioFile: scenarioFile('absent.json'), env: {} })).rejects.toThrow(
      `${scenarioFile('absent.json')}: scenario file not found`,
    );
    await expect(
      createContentGenerator({ scenarioFile: scenarioFile('invalid-types.json'), env: {} }),
    ).rejects.toBeInstanceOf(ScenarioError);
  });

  it('uses Gemini for a model name when GEMINI_API_KEY or GOOGLE_API_KEY is set', async () => {
    const withGemini = await createContentGenerator({ model: 'gemini-2.5-flash', env: { GEMINI_API_KEY: 'dummy' } });
    expect(withGemini).toBeInstanceOf(GeminiContentGenerator);
    expect(withGemini.name).toBe('gemini-2.5-flash');
    const withGoogle = await createContentGenerator({ model: 'gemini-2.5-pro', env: { GOOGLE_API_KEY: 'dummy' } });
    expect(withGoogle).toBeInstanceOf(GeminiContentGenerator);
  });

  it('refuses a model name without a key, saying which environment variable to set', async () => {
    const failure = await createContentGenerator({ model: 'gemini-2.5-flash', env: { GEMINI_API_KEY: '  ' } }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ModelError);
    expect((failure as ModelError).message).toBe(
      'model "gemini-2.5-flash" needs a Gemini API key: set GEMINI_API_KEY (or GOOGLE_API_KEY) in the environment, ' +
        'or run offline with a scenario file instead of a model',
    );
  });

  it('falls back to the embedded default scenario when given nothing', async () => {
    const generator = await createContentGenerator({ env: {} });
    expect(generator).toBeInstanceOf(ScriptedContentGenerator);
    expect((generator as ScriptedContentGenerator).scenario).toBe(defaultScenario);
    expect(generator.name).toBe('scripted:default');
    const blank = await createContentGenerator({ model: '  ', env: {} });
    expect(blank.name).toBe('scripted:default');
  });

  describe('with the API at GOOGLE_GEMINI_BASE_URL (a local server)', () => {
    let server: GeminiTestServer;

    beforeEach(async () => {
      server = await startGeminiTestServer();
    });
    afterEach(() => server.close());

    it('sends the key from the environment to the endpoint from the environment', async () => {
      server.reply({ kind: 'stream', chunks: [geminiChunk([{ text: 'hello from the local API' }], 'STOP')] });
      const env = { GOOGLE_API_KEY: 'dummy-google-key', GOOGLE_GEMINI_BASE_URL: server.baseUrl };
      const generator = await createContentGenerator({ model: 'gemini-2.5-flash', env });
      expect(await collectText(await generator.generateContentStream(prompt))).toBe('hello from the local API');
      expect(server.requests[0].headers['x-goog-api-key']).toBe('dummy-google-key');
      expect(server.requests[0].url).toContain('/models/gemini-2.5-flash:streamGenerateContent');
    });

    it('passes an unknown model name to the API and reports its refusal clearly', async () => {
      server.reply({
        kind: 'error',
        status: 404,
        body: { error: { code: 404, message: 'models/gemini-9-ultra is not found', status: 'NOT_FOUND' } },
      });
      const generator = await createContentGenerator({
        model: 'gemini-9-ultra',
        env: { GEMINI_API_KEY: 'dummy', GOOGLE_GEMINI_BASE_URL: server.baseUrl },
      });
      await expect(generator.generateContentStream(prompt)).rejects.toThrow(
        'unknown model "gemini-9-ultra": the Gemini API answered HTTP 404',
      );
      expect(server.requests[0].url).toContain('/models/gemini-9-ultra:');
    });
  });
});
