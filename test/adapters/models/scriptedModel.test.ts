import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FinishReason,
  FunctionCallingConfigMode,
  GenerateContentResponse,
  type Content,
  type GenerateContentParameters,
  type Part,
} from '@google/genai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadScenario, parseScenario } from '../../../src/adapters/models/scenario.js';
import { ScriptedContentGenerator, splitText } from '../../../src/adapters/models/scriptedModel.js';
import { ScenarioError } from '../../../src/errors.js';
import { createAdapterWorkspace, idleContext, type AdapterWorkspace } from '../../helpers/adapterWorkspace.js';

const scenarioFile = (name: string): string =>
  fileURLToPath(new URL(`../../fixtures/scenarios/${name}`, import.meta.url));

async function collect(stream: AsyncIterable<GenerateContentResponse>): Promise<GenerateContentResponse[]> {
  const chunks: GenerateContentResponse[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** Reads the parts directly: the SDK's `.text` getter warns on chunks that also carry function calls. */
function textOf(chunks: GenerateContentResponse[]): string {
  return chunks
    .flatMap((chunk) => chunk.candidates?.[0].content?.parts ?? [])
    .map((part) => part.text ?? '')
    .join('');
}

function callsOf(chunks: GenerateContentResponse[]) {
  return chunks.flatMap((chunk) => chunk.functionCalls ?? []);
}

function request(contents: Content[], config: GenerateContentParameters['config'] = {}): GenerateContentParameters {
  return { model: 'scripted', contents, config };
}

const userPrompt: Content = { role: 'user', parts: [{ text: 'go' }] };

function functionResponse(name: string, output: string): Content {
  return { role: 'user', parts: [{ functionResponse: { id: 'x', name, response: { output } } }] };
}

describe('ScriptedContentGenerator', () => {
  const twoTurns = parseScenario(
    {
      name: 'two-turns',
      turns: [
        {
          text: 'I will list the files in the working directory now.',
          functionCalls: [
            { name: 'list_directory', args: { dir_path: '.' } },
            { name: 'glob', args: { pattern: '*.md' }, id: 'my-id' },
          ],
        },
        { expect: { functionResponseContains: 'Directory listing' }, text: 'Done.' },
      ],
    },
    'two-turns.json',
  );

  it('streams the text in a few chunks, then the function calls with ids, then STOP', async () => {
    const generator = new ScriptedContentGenerator(twoTurns);
    expect(generator.name).toBe('scripted:two-turns');
    const chunks = await collect(await generator.generateContentStream(request([userPrompt])));
    expect(chunks.length).toBe(4);
    expect(chunks.every((chunk) => chunk instanceof GenerateContentResponse)).toBe(true);
    expect(textOf(chunks)).toBe('I will list the files in the working directory now.');
    expect(chunks.slice(0, 3).every((chunk) => chunk.functionCalls === undefined)).toBe(true);
    expect(callsOf(chunks)).toEqual([
      { id: 'scripted-t1-c1', name: 'list_directory', args: { dir_path: '.' } },
      { id: 'my-id', name: 'glob', args: { pattern: '*.md' } },
    ]);
    expect(chunks.map((chunk) => chunk.candidates?.[0].finishReason)).toEqual([
      undefined,
      undefined,
      undefined,
      FinishReason.STOP,
    ]);
  });

  it('records every request it receives', async () => {
    const generator = new ScriptedContentGenerator(twoTurns);
    const contents = [userPrompt];
    await collect(await generator.generateContentStream(request(contents)));
    contents.push({ role: 'model', parts: [{ text: 'later' }] });
    expect(generator.requests).toHaveLength(1);
    expect(generator.requests[0].contents).toEqual([userPrompt]);
    expect(generator.turnsPlayed).toBe(1);
    expect(generator.finished).toBe(false);
  });

  it('with recordRequests: false keeps no request (a long session stays proportional to its history) and still checks expect', async () => {
    const generator = new ScriptedContentGenerator(twoTurns, { recordRequests: false });
    await collect(await generator.generateContentStream(request([userPrompt])));
    const refused: Content[] = [
      userPrompt,
      { role: 'model', parts: [{ text: 'listing' }] },
      functionResponse('list_directory', 'Blocked by policy'),
    ];
    await expect(generator.generateContentStream(request(refused))).rejects.toThrow(
      /expected the function responses to contain "Directory listing"/,
    );
    expect(generator.requests).toEqual([]);
    expect(generator.turnsPlayed).toBe(2);
  });

  it("checks a turn's expect against the function responses it is answering", async () => {
    const generator = new ScriptedContentGenerator(twoTurns);
    await collect(await generator.generateContentStream(request([userPrompt])));
    const history: Content[] = [
      userPrompt,
      { role: 'model', parts: [{ text: 'listing' }] },
      functionResponse('list_directory', 'Directory listing for .:\na.txt'),
    ];
    const chunks = await collect(await generator.generateContentStream(request(history)));
    expect(textOf(chunks)).toBe('Done.');
    expect(generator.finished).toBe(true);
  });

  it('fails a turn whose expect does not match, naming the turn, the expectation and what was received', async () => {
    const generator = new ScriptedContentGenerator(twoTurns);
    await collect(await generator.generateContentStream(request([userPrompt])));
    const history: Content[] = [
      userPrompt,
      { role: 'model', parts: [{ text: 'listing' }] },
      functionResponse('list_directory', 'Blocked by policy'),
    ];
    const failure = await generator.generateContentStream(request(history)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ScenarioError);
    const error = failure as ScenarioError;
    expect(error.turn).toBe(2);
    expect(error.file).toBe(path.resolve('two-turns.json'));
    expect(error.message).toContain(
      'scenario "two-turns", turn 2 (turns[1]): expected the function responses to contain "Directory listing"',
    );
    expect(error.message).toContain('Blocked by policy');
  });

  it('says when the request had no function responses at all, and checks new text only', async () => {
    const scenario = parseScenario({ turns: [{ expect: { functionResponseContains: 'x' }, text: 'a' }] }, 'f.json');
    await expect(new ScriptedContentGenerator(scenario).generateContentStream(request([userPrompt]))).rejects.toThrow(
      'the request had no function responses',
    );
    const textScenario = parseScenario(
      { turns: [{ text: 'a' }, { expect: { textContains: '[System] be brief' }, text: 'b' }] },
      't.json',
    );
    const generator = new ScriptedContentGenerator(textScenario);
    await collect(
      await generator.generateContentStream(request([{ role: 'user', parts: [{ text: '[System] be brief' }] }])),
    );
    // The same text before the last model turn is old news: the expectation looks only after it.
    const stale: Content[] = [
      { role: 'user', parts: [{ text: '[System] be brief' }] },
      { role: 'model', parts: [{ text: 'a' }] },
      { role: 'user', parts: [{ text: 'next' }] },
    ];
    await expect(generator.generateContentStream(request(stale))).rejects.toThrow(
      'expected the new text to contain "[System] be brief", but it was: "next"',
    );
    generator.reset();
    await collect(await generator.generateContentStream(request([userPrompt])));
    const fresh: Content[] = [
      userPrompt,
      { role: 'model', parts: [{ text: 'a' }] },
      { role: 'user', parts: [{ text: '[System] be brief' }] },
    ];
    expect(textOf(await collect(await generator.generateContentStream(request(fresh))))).toBe('b');
  });

  it('answers a closing text once the turns have run out, as often as it is asked', async () => {
    const generator = new ScriptedContentGenerator(
      parseScenario({ name: 'short', turns: [{ text: 'only' }] }, 's.json'),
    );
    await collect(await generator.generateContentStream(request([userPrompt])));
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const chunks = await collect(await generator.generateContentStream(request([userPrompt])));
      expect(textOf(chunks)).toBe('The scenario "short" has ended: all 1 scripted turn was played.');
      expect(callsOf(chunks)).toEqual([]);
    }
    expect(generator.turnsPlayed).toBe(1);
  });

  it('drops calls that tool config mode NONE forbids and says so in the text', async () => {
    const generator = new ScriptedContentGenerator(twoTurns);
    const config = { toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.NONE } } };
    const chunks = await collect(await generator.generateContentStream(request([userPrompt], config)));
    expect(callsOf(chunks)).toEqual([]);
    expect(textOf(chunks)).toContain(
      "[scripted model] Not calling list_directory: the request's tool config has mode NONE",
    );
    expect(textOf(chunks)).toContain('Not calling glob');
  });

  it('keeps only the calls allowedFunctionNames permits; an empty list restricts nothing', async () => {
    const restricted = new ScriptedContentGenerator(twoTurns);
    const config = {
      toolConfig: {
        functionCallingConfig: { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: ['glob', 'read_file'] },
      },
    };
    const chunks = await collect(await restricted.generateContentStream(request([userPrompt], config)));
    expect(callsOf(chunks).map((call) => call.name)).toEqual(['glob']);
    expect(textOf(chunks)).toContain(
      '[scripted model] Not calling list_directory: the request allows only glob, read_file.',
    );
    const unrestricted = new ScriptedContentGenerator(twoTurns);
    const empty = {
      toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.AUTO, allowedFunctionNames: [] } },
    };
    expect(callsOf(await collect(await unrestricted.generateContentStream(request([userPrompt], empty))))).toHaveLength(
      2,
    );
  });

  it('rejects at once when the signal is already aborted, without using up the turn', async () => {
    const generator = new ScriptedContentGenerator(twoTurns);
    const controller = new AbortController();
    controller.abort();
    await expect(
      generator.generateContentStream(request([userPrompt]), { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(generator.turnsPlayed).toBe(0);
    expect(generator.requests).toHaveLength(0);
  });

  it('stops streaming when the signal aborts mid-stream', async () => {
    const slow = parseScenario(
      {
        turns: [
          {
            text: 'one two three four five six',
            delayMs: 60_000,
            functionCalls: [{ name: 'glob', args: { pattern: '*' } }],
          },
        ],
      },
      'slow.json',
    );
    const generator = new ScriptedContentGenerator(slow);
    const controller = new AbortController();
    const stream = await generator.generateContentStream(request([userPrompt]), { signal: controller.signal });
    const iterator = stream[Symbol.asyncIterator]();
    const next = iterator.next();
    controller.abort();
    await expect(next).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('streams a calls-only turn as one chunk', async () => {
    const generator = new ScriptedContentGenerator(
      parseScenario({ turns: [{ functionCalls: [{ name: 'glob', args: { pattern: '*' } }] }] }, 'c.json'),
    );
    const chunks = await collect(await generator.generateContentStream(request([userPrompt])));
    expect(chunks).toHaveLength(1);
    expect(textOf(chunks)).toBe('');
    expect(chunks[0].functionCalls).toEqual([{ id: 'scripted-t1-c1', name: 'glob', args: { pattern: '*' } }]);
  });
});

describe('splitText', () => {
  it('splits at spaces into at most the given number of pieces that join back to the text', () => {
    const text = 'The hook blocked that command, so I will stop here.';
    const pieces = splitText(text, 3);
    expect(pieces.length).toBe(3);
    expect(pieces.join('')).toBe(text);
    expect(splitText('oneword', 3)).toEqual(['oneword']);
    expect(splitText('a b', 1)).toEqual(['a b']);
  });
});

describe('a scenario played against the real built-in tools', () => {
  let fixture: AdapterWorkspace;

  beforeEach(async () => {
    fixture = await createAdapterWorkspace();
  });
  afterEach(() => fixture.cleanup());

  it('writes, reads back and ends, every expectation met', async () => {
    const generator = new ScriptedContentGenerator(await loadScenario(scenarioFile('write-and-read.json')));
    const tools = fixture.tools();
    const history: Content[] = [userPrompt];
    const answers: string[] = [];
    for (let turn = 0; turn < 4; turn += 1) {
      const chunks = await collect(await generator.generateContentStream(request(history)));
      answers.push(textOf(chunks));
      history.push({ role: 'model', parts: chunks.flatMap((chunk) => chunk.candidates?.[0].content?.parts ?? []) });
      const calls = callsOf(chunks);
      if (calls.length === 0) continue;
      const parts: Part[] = [];
      for (const call of calls) {
        const result = await tools[call.name as string].execute(call.args ?? {}, idleContext());
        parts.push({ functionResponse: { id: call.id, name: call.name, response: { output: result.llmContent } } });
      }
      history.push({ role: 'user', parts });
    }
    expect(answers).toEqual([
      'Writing a note.',
      'Reading it back.',
      'The note says hello.',
      'The scenario "write-and-read" has ended: all 3 scripted turns were played.',
    ]);
    expect(await fixture.read('notes/hello.txt')).toBe('hello from a scenario\n');
  });
});
