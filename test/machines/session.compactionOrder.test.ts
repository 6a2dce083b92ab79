/**
 * PreCompress runs before anything is compacted: a hook that saves the conversation (as published
 * PreCompact hooks do, reading `transcript_path`) sees the whole conversation, not the compacted one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Config, createAgentSession } from '../../src/index.js';
import { FakeContentGenerator, textTurn } from '../helpers/modelFakeGenerator.js';
import { fixturePath } from '../helpers/cliProcess.js';
import { hookGroup, useSessionScratch } from '../helpers/sessionHooks.js';
import { readJsonLines } from '../helpers/jsonLines.js';

const scratch = useSessionScratch();

describe('compaction order', () => {
  it('a PreCompress hook reading transcript_path sees the conversation before it is compacted; the boundary comes after', async () => {
    const seen = scratch.file('seen.json');
    const command = `python3 "${fixturePath('hooks/transcript-lines.py')}" "${seen}"`;
    const config = new Config({
      enableHooks: true,
      hooks: { PreCompress: hookGroup(command) },
      workingDir: scratch.directory,
    });
    const session = createAgentSession({
      config,
      generator: new FakeContentGenerator([textTurn('one'), textTurn('two'), textTurn('summary of one and two')]),
      tools: [],
      transcript: { directory: scratch.directory },
    });
    await session.prompt('first');
    await session.prompt('second');
    const before = readJsonLines(session.transcriptPath).filter(
      (entry) => entry['type'] === 'user' || entry['type'] === 'assistant',
    );
    const report = await session.compact();
    await session.end();
    expect(report).toBeDefined();
    const read = JSON.parse(readFileSync(seen, 'utf8')) as { lines: number; last_type: string };
    // Four messages (two prompts, two answers) and no compact boundary yet.
    expect(before).toHaveLength(4);
    expect(read.lines).toBe(4);
    expect(read.last_type).toBe('assistant');
    const after = readJsonLines(session.transcriptPath);
    expect(after.some((entry) => entry['subtype'] === 'compact_boundary')).toBe(true);
  });
});
