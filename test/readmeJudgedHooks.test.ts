/**
 * The hook types page on prompt and agent hooks (docs/hook-types.md): the scripted-hook-model scenario it
 * shows is a valid scenario whose hooks validate, and it plays offline as the page's output says.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseScenario } from '../src/adapters/models/scenario.js';
import { ScriptedContentGenerator } from '../src/adapters/models/scriptedModel.js';
import { createBuiltinTools, createReadOnlyTools } from '../src/adapters/tools/index.js';
import { Config } from '../src/hooks/engine/config.js';
import { validateHooksSettings } from '../src/hooks/validation/hooksSettingsValidation.js';
import { createHookModel } from '../src/adapters/models/createContentGenerator.js';
import { createHookAgentRunner } from '../src/machines/hookAgentRunner.js';
import { runAgent } from '../src/machines/agent.js';
import type { JudgedHookEvent } from '../src/hooks/protocol/judgedHooks.js';

const page = readFileSync(new URL('../docs/hook-types.md', import.meta.url), 'utf8');
const section = page.slice(page.indexOf('## Scripting the hook model'), page.indexOf('## Seeing what a model decided'));

let directory: string | undefined;
afterEach(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
  directory = undefined;
});

describe('docs/hook-types.md: scripting the hook model', () => {
  it('the scenario shown is valid, its hooks validate, and it blocks the write as the page shows', async () => {
    const block = /```jsonc\n([\s\S]*?)```/.exec(section)?.[1];
    expect(block).toBeDefined();
    const scenario = parseScenario(block!, 'docs/hook-types.md');
    expect(scenario.hookModel?.turns).toHaveLength(2);
    expect(validateHooksSettings(scenario.settings?.hooks).problems).toEqual([]);

    directory = mkdtempSync(join(tmpdir(), 'hookrail-readme-judged-'));
    writeFileSync(join(directory, 'STATUS'), 'tests: failing\n');
    const runGenerator = new ScriptedContentGenerator(scenario);
    const judged: JudgedHookEvent[] = [];
    const config = new Config({
      enableHooks: true,
      hooks: scenario.settings?.hooks,
      workingDir: directory,
      hookModel: createHookModel({ runGenerator, scenario }),
      hookAgentRunner: createHookAgentRunner(),
      onJudgedHook: (event) => judged.push(event),
    });
    const result = await runAgent(scenario.prompt!, {
      config,
      generator: runGenerator,
      tools: createBuiltinTools({ workingDir: directory }),
      transcript: { directory },
    });
    expect(result.status).toBe('completed');
    expect(result.toolCalls).toMatchObject([{ name: 'write_file', outcome: 'blocked' }]);
    expect(existsSync(join(directory, 'NOTES.md'))).toBe(false);
    expect(judged).toMatchObject([
      { hookType: 'agent', hookName: 'status-check', verdict: 'block', reason: 'STATUS says the tests fail', turns: 2 },
    ]);
    expect(page).toContain('⚖ agent hook "status-check" on BeforeTool write_file: BLOCK — STATUS says the tests fail');
    expect(
      createReadOnlyTools({ workingDir: directory })
        .map((tool) => tool.name)
        .join(', '),
    ).toBe('read_file, list_directory, glob, search_file_content');
  });
});
