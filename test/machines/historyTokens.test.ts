/**
 * The history's token estimate kept as the history grows: the estimate carried by each append equals a
 * full recount (`JSON.stringify` of the whole history) after appends, after a compaction and after a
 * clear, and a content already in the history is never serialised again — in a real session too.
 */
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { Config, createAgentSession } from '../../src/index.js';
import { estimateTokens, findCompactionCut, summarizeHistory, truncateHistory } from '../../src/engine.js';
import { appendToHistory, historyJsonLength, tailJsonLengths } from '../../src/machines/historyTokens.js';
import { recordingTool } from '../helpers/modelAgentTools.js';
import { callsTurn, FakeContentGenerator, textTurn } from '../helpers/modelFakeGenerator.js';
import { useSessionScratch } from '../helpers/sessionHooks.js';

const scratch = useSessionScratch();

function recount(history: readonly Content[]): number {
  return Math.ceil(JSON.stringify(history).length / 4);
}

function userText(text: string): Content {
  return { role: 'user', parts: [{ text }] };
}

/** One prompt's contents: the prompt, a model call, its response, the answer (quotes and non-ASCII included). */
function promptContents(index: number): Content[] {
  return [
    userText(`prompt ${index}: "quoted" — ünïcode ${'x'.repeat(index % 7)}`),
    {
      role: 'model',
      parts: [{ text: `reading ${index}` }, { functionCall: { name: 'read_file', args: { path: `f${index}.txt` } } }],
    },
    { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { output: `line\n${index}\tend` } } }] },
    { role: 'model', parts: [{ text: `answer ${index}` }] },
  ];
}

/** A content that counts how often it is serialised (its `toJSON` is not enumerable, so it is not part of its JSON). */
function countingContent(text: string): { content: Content; serialisations: () => number } {
  let count = 0;
  const content = userText(text);
  Object.defineProperty(content, 'toJSON', {
    enumerable: false,
    value: () => {
      count += 1;
      return { role: content.role, parts: content.parts };
    },
  });
  return { content, serialisations: () => count };
}

describe('the history token estimate, kept as the history grows', () => {
  it('after every append the carried estimate equals the full recount, one content or several at a time', () => {
    let history: Content[] = [];
    expect(historyJsonLength(history)).toBe(JSON.stringify(history).length);
    for (let index = 0; index < 40; index += 1) {
      const contents = promptContents(index);
      history =
        index % 2 === 0
          ? appendToHistory(history, ...contents)
          : contents.reduce((grown, content) => appendToHistory(grown, content), history);
      expect(historyJsonLength(history)).toBe(JSON.stringify(history).length);
      expect(estimateTokens(history)).toBe(recount(history));
    }
    expect(appendToHistory(history)).not.toBe(history);
    expect(historyJsonLength(appendToHistory(history))).toBe(JSON.stringify(history).length);
  });

  it('a history that did not come from an append (resumed, compacted) is measured, then carried from there', () => {
    const resumed = promptContents(1).concat(promptContents(2));
    const grown = appendToHistory(resumed, userText('next'));
    expect(historyJsonLength(grown)).toBe(JSON.stringify(grown).length);
    expect(estimateTokens(appendToHistory(grown, userText('and next')))).toBe(
      recount([...grown, userText('and next')]),
    );
  });

  it('after a compaction (truncated or summarised) and the appends that follow, the estimate equals the full recount', () => {
    let history: Content[] = [];
    for (let index = 0; index < 30; index += 1) history = appendToHistory(history, ...promptContents(index));
    const cut = findCompactionCut(history, 200);
    expect(cut).toBeGreaterThan(0);
    for (const compacted of [
      truncateHistory(history, cut),
      summarizeHistory(history, cut, 'the user read thirty files'),
    ]) {
      expect(estimateTokens(compacted.history)).toBe(recount(compacted.history));
      let after = compacted.history;
      for (let index = 30; index < 35; index += 1) {
        after = appendToHistory(after, ...promptContents(index));
        expect(estimateTokens(after)).toBe(recount(after));
      }
    }
  });

  it('after a clear the estimate starts again from the empty history and equals the full recount', () => {
    let history: Content[] = [];
    for (let index = 0; index < 5; index += 1) history = appendToHistory(history, ...promptContents(index));
    let cleared: Content[] = [];
    expect(estimateTokens(cleared)).toBe(recount(cleared));
    cleared = appendToHistory(cleared, userText('after the clear'));
    expect(historyJsonLength(cleared)).toBe(JSON.stringify([userText('after the clear')]).length);
    expect(estimateTokens(cleared)).toBe(recount(cleared));
  });

  it('a content already in the history is not serialised again by later appends and estimates', () => {
    const witness = countingContent('the first prompt');
    let history = appendToHistory([], witness.content);
    expect(witness.serialisations()).toBe(1);
    for (let index = 0; index < 100; index += 1) {
      history = appendToHistory(history, ...promptContents(index));
      estimateTokens(history);
    }
    expect(witness.serialisations()).toBe(1);
    expect(estimateTokens(history)).toBe(recount(history));
  });

  it('a history rebuilt from contents already in a history (a copy, a spread) is measured without serialising them again', () => {
    const witness = countingContent('the first prompt');
    let history = appendToHistory([], witness.content);
    for (let index = 0; index < 10; index += 1) history = appendToHistory(history, ...promptContents(index));
    const rebuilt = [...history, userText('added by a spread')];
    const estimate = estimateTokens(rebuilt);
    expect(witness.serialisations()).toBe(1);
    expect(estimate).toBe(recount(rebuilt));
  });

  it('holes and values JSON has no value for count as null, as JSON.stringify writes them in an array', () => {
    const odd = [userText('a'), undefined, userText('b')] as unknown as Content[];
    expect(historyJsonLength(odd)).toBe(JSON.stringify(odd).length);
  });

  it('an array changed in place after it was built (a host pushing onto it) is measured again, not trusted', () => {
    const history = appendToHistory([], userText('one'));
    history.push(userText('two'));
    expect(estimateTokens(history)).toBe(recount(history));
  });

  it('every tail length equals the JSON length of that tail, which findCompactionCut compares with keepRecentTokens', () => {
    const history = [...promptContents(1), ...promptContents(2), ...promptContents(3)];
    const tails = tailJsonLengths(history);
    expect(tails).toHaveLength(history.length + 1);
    tails.forEach((length, index) => expect(length).toBe(JSON.stringify(history.slice(index)).length));
    // The cut keeps the longest tail within the budget that starts at a user text or a model turn.
    const budget = Math.ceil(tails[5]! / 4);
    expect(findCompactionCut(history, budget)).toBe(5);
    expect(findCompactionCut(history, budget - 1)).toBe(7);
  });
});

describe('a session keeps the estimate as its history grows', () => {
  it('a content of the first prompt is serialised once in twenty prompts (the estimate before each model call is carried), and the estimate equals the recount', async () => {
    let serialisations = 0;
    const witnessArgs: Record<string, unknown> = { path: 'first.txt' };
    Object.defineProperty(witnessArgs, 'toJSON', {
      enumerable: false,
      value: () => {
        serialisations += 1;
        return { path: 'first.txt' };
      },
    });
    const turns = [callsTurn([{ name: 'read_file', args: witnessArgs, id: 'call-1' }]), textTurn('read it')];
    for (let index = 2; index <= 20; index += 1)
      turns.push(callsTurn([{ name: 'read_file', args: { path: `f${index}.txt` } }]), textTurn(`answer ${index}`));
    const session = createAgentSession({
      config: new Config({ workingDir: scratch.directory }),
      generator: new FakeContentGenerator(turns),
      tools: [
        recordingTool('read_file', (args) => ({ llmContent: `read ${String(args['path'])}`, returnDisplay: 'read' })),
      ],
      transcript: { directory: scratch.directory },
    });
    let last;
    for (let index = 1; index <= 20; index += 1) {
      last = await session.prompt(`prompt ${index}`);
      expect(last.status).toBe('completed');
    }
    await session.end();
    expect(last!.history).toHaveLength(80);
    const carried = estimateTokens(last!.history);
    expect(serialisations).toBe(1);
    expect(carried).toBe(recount(last!.history));
  });

  it('through automatic compactions and a clear, the estimate of the history equals the recount after every prompt', async () => {
    const turns = [];
    for (let index = 1; index <= 12; index += 1)
      turns.push(
        callsTurn([{ name: 'read_file', args: { path: `f${index}.txt` } }]),
        textTurn(`answer ${index} ${'words '.repeat(40)}`),
      );
    const reader = recordingTool('read_file', (args) => ({
      llmContent: `${String(args['path'])}: ${'lorem ipsum '.repeat(60)}`,
      returnDisplay: 'read',
    }));
    const session = createAgentSession({
      config: new Config({ workingDir: scratch.directory }),
      generator: new FakeContentGenerator(turns),
      tools: [reader],
      compaction: { tokenBudget: 900, keepRecentTokens: 300, strategy: 'truncate' },
      transcript: { directory: scratch.directory },
    });
    let compactions = 0;
    for (let index = 1; index <= 12; index += 1) {
      if (index === 7) await session.clear();
      const result = await session.prompt(`prompt ${index}`);
      expect(result.status).toBe('completed');
      if (result.history[0]?.parts?.[0]?.text?.startsWith('[Earlier conversation compacted')) compactions += 1;
      expect(estimateTokens(result.history)).toBe(recount(result.history));
    }
    await session.end();
    expect(compactions).toBeGreaterThan(0);
  });
});
