/**
 * Scenario files: what the scripted model says, turn by turn, so a run is reproducible and needs no
 * API key. A scenario is one JSON object:
 *
 * ```jsonc
 * {
 *   "name": "block-rm",                       // optional; default: the file name without .json
 *   "description": "A hook blocks rm -rf",    // optional, shown by the CLI
 *   "prompt": "clean up the build directory", // optional; the user prompt when the CLI is given none
 *   "prompts": ["first", "then this"],       // optional; several prompts, answered in order in one session
 *   "compaction": { "tokenBudget": 2000, "strategy": "truncate" }, // optional; when the session compacts
 *   "tools": ["run_shell_command"],           // optional; which built-in tools to offer (default all)
 *   "settings": { "hooks": { ... } },         // optional; hooks the scenario brings, merged like a --settings file
 *   "turns": [                                // required, at least one
 *     {
 *       "text": "I'll remove it.",           // what the model says (streamed in a few chunks)
 *       "functionCalls": [                    // the calls it makes, after the text
 *         { "name": "run_shell_command", "args": { "command": "rm -rf build" }, "id": "optional-call-id" }
 *       ]
 *     },
 *     {
 *       "expect": {                           // optional; checked against the request this turn answers
 *         "functionResponseContains": "Blocked",  // a string or strings found in its function responses
 *         "textContains": ["[System]"]            // a string or strings found in its new user text
 *       },
 *       "text": "The hook blocked that; stopping.",
 *       "delayMs": 0                           // optional; pause before each chunk (abortable)
 *     }
 *   ],
 *   "hookModel": {                            // optional; the hook model's answers (prompt and agent hooks)
 *     "turns": [                              // same turn format, played one per hook-model call
 *       { "text": "{\"ok\": false, \"reason\": \"rm -rf is destructive\"}" },
 *       { "functionCalls": [{ "name": "read_file", "args": { "file_path": "STATUS" } }] },
 *       { "text": "{\"ok\": true}" }
 *     ]
 *   }
 * }
 * ```
 *
 * Every turn has `text`, `functionCalls` or both. The scripted model plays one turn per model call;
 * "new" input means the contents after the last model turn of the request (the function responses
 * and any text the agent or a hook added since). An `expect` that does not match fails the model
 * call with a {@link ScenarioError} naming the turn, the expectation and what was received. Problems
 * in the file are reported all at once, each with its JSON path (`turns[2].functionCalls[0].name:
 * expected a string`).
 */
import path from 'node:path';
import { HookrailFileError, ScenarioError, type ScenarioProblem } from '../../errors.js';
import { parseJsonText, readJsonFile } from '../jsonFile.js';
import type { HooksSettings } from '../../hooks/protocol/hookConfig.js';
import { builtinToolNames, isBuiltinToolName, type BuiltinToolName } from '../tools/index.js';
import { validateCompaction, validatePrompts, type ScenarioCompaction } from './scenarioSession.js';
import { checkKeys, optionalText, validateTurns, type ScenarioTurn } from './scenarioTurns.js';
import { describeValue, isPlainObject } from '../../values.js';

export type { ScenarioCompaction } from './scenarioSession.js';
export type { ScenarioExpectation, ScenarioFunctionCall, ScenarioTurn } from './scenarioTurns.js';

/** The hooks a scenario brings along, as in a settings file's `hooks`. */
export interface ScenarioSettings {
  hooks?: HooksSettings;
}

/**
 * What the hook model says, turn by turn: a prompt hook takes one turn, an agent hook's
 * sub-agent one per model call (tool calls, then its answer). Turns are played in the order the hook
 * model is asked, across every judged hook of the run.
 */
export interface ScenarioHookModel {
  turns: ScenarioTurn[];
}

/** A validated scenario. */
export interface Scenario {
  name: string;
  description?: string;
  prompt?: string;
  /** Several prompts, answered one after another in one session (the scripted turns are shared). */
  prompts?: string[];
  /** When and how the session compacts its history. */
  compaction?: ScenarioCompaction;
  tools?: BuiltinToolName[];
  settings?: ScenarioSettings;
  turns: ScenarioTurn[];
  /** The scripted hook model, for prompt and agent hooks. */
  hookModel?: ScenarioHookModel;
  /** Where it came from: a resolved file path, or a label such as `(embedded default scenario)`. */
  file: string;
}

const topLevelKeys = [
  '$schema',
  'name',
  'description',
  'prompt',
  'prompts',
  'compaction',
  'tools',
  'settings',
  'turns',
  'hookModel',
];
const settingsKeys = ['hooks'];
const hookModelKeys = ['turns'];

/**
 * Reads and validates a scenario file.
 * @throws ScenarioError when the file is missing, unreadable, not JSON or not a valid scenario.
 */
export async function loadScenario(file: string): Promise<Scenario> {
  let content;
  try {
    // The same bounded reader as settings files: regular files only, at most 10 MiB, line and column of bad JSON.
    content = await readJsonFile(file);
  } catch (error) {
    throw new ScenarioError(file, reasonOf(error, file), { cause: error });
  }
  if (!content.exists) throw new ScenarioError(file, 'scenario file not found');
  return parseScenario(content.value, file);
}

/**
 * Validates a scenario given as JSON text or as an already parsed value. `file` names it in errors
 * and, resolved, becomes `scenario.file`.
 * @throws ScenarioError listing every problem with its JSON path.
 */
export function parseScenario(json: unknown, file: string): Scenario {
  let value = json;
  if (typeof json === 'string') {
    try {
      value = parseJsonText(json, file);
    } catch (error) {
      throw new ScenarioError(file, reasonOf(error, file), { cause: error });
    }
  }
  const problems: ScenarioProblem[] = [];
  const scenario = validateScenario(value, file, problems);
  if (problems.length > 0 || !scenario) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    const lines = problems.map((problem) => `  ${problem.path}: ${problem.message}`).join('\n');
    throw new ScenarioError(file, `invalid scenario (${count}):\n${lines}`, { problems });
  }
  return scenario;
}

function validateScenario(value: unknown, file: string, problems: ScenarioProblem[]): Scenario | undefined {
  if (!isPlainObject(value)) {
    problems.push({ path: '(root)', message: `expected an object with "turns", got ${describeValue(value)}` });
    return undefined;
  }
  checkKeys(value, topLevelKeys, '', problems);
  const scenario: Scenario = {
    name: optionalText(value, 'name', '', problems) ?? defaultName(file),
    turns: [],
    file: file.startsWith('(') ? file : path.resolve(file),
  };
  const description = optionalText(value, 'description', '', problems);
  if (description !== undefined) scenario.description = description;
  const prompt = optionalText(value, 'prompt', '', problems);
  if (prompt !== undefined) scenario.prompt = prompt;
  const prompts = validatePrompts(value.prompts, problems);
  if (prompts) scenario.prompts = prompts;
  if (prompt !== undefined && prompts)
    problems.push({ path: 'prompts', message: 'give either "prompt" or "prompts", not both' });
  const compaction = validateCompaction(value.compaction, problems);
  if (compaction) scenario.compaction = compaction;
  const tools = validateTools(value.tools, problems);
  if (tools) scenario.tools = tools;
  const settings = validateSettings(value.settings, problems);
  if (settings) scenario.settings = settings;
  scenario.turns = validateTurns(value.turns, 'turns', problems);
  const hookModel = validateHookModel(value.hookModel, problems);
  if (hookModel) scenario.hookModel = hookModel;
  return scenario;
}

function validateHookModel(value: unknown, problems: ScenarioProblem[]): ScenarioHookModel | undefined {
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) {
    problems.push({
      path: 'hookModel',
      message: `expected an object with "turns" (the hook model's answers), got ${describeValue(value)}`,
    });
    return undefined;
  }
  checkKeys(value, hookModelKeys, 'hookModel', problems);
  return { turns: validateTurns(value.turns, 'hookModel.turns', problems) };
}

function validateTools(value: unknown, problems: ScenarioProblem[]): BuiltinToolName[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    problems.push({ path: 'tools', message: `expected an array of built-in tool names, got ${describeValue(value)}` });
    return undefined;
  }
  const tools: BuiltinToolName[] = [];
  value.forEach((name, index) => {
    if (isBuiltinToolName(name)) tools.push(name);
    else
      problems.push({
        path: `tools[${index}]`,
        message: `${describeValue(name)} is not a built-in tool; expected one of ${builtinToolNames.join(', ')}`,
      });
  });
  return tools;
}

function validateSettings(value: unknown, problems: ScenarioProblem[]): ScenarioSettings | undefined {
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) {
    problems.push({
      path: 'settings',
      message: `expected an object like a settings.json file, got ${describeValue(value)}`,
    });
    return undefined;
  }
  // Only the hooks are taken: any other key (a misspelt "hook" above all) would be silently ignored.
  checkKeys(value, settingsKeys, 'settings', problems);
  if (value.hooks !== undefined && !isPlainObject(value.hooks)) {
    problems.push({
      path: 'settings.hooks',
      message: `expected an object keyed by event name, got ${describeValue(value.hooks)}`,
    });
    return undefined;
  }
  // Hook definitions are validated, with their paths, by the registry when the settings are merged.
  return value as ScenarioSettings;
}

function defaultName(file: string): string {
  const base = path.basename(file).replace(/\.json$/i, '');
  return base.replace(/^\(|\)$/g, '') || 'scenario';
}

/** The reason of a file error without its `<file>: ` prefix (the ScenarioError adds it back). */
function reasonOf(error: unknown, file: string): string {
  const message = error instanceof Error ? error.message : String(error);
  return error instanceof HookrailFileError && message.startsWith(`${file}: `)
    ? message.slice(file.length + 2)
    : message;
}
