/**
 * The scenario the scripted model plays when neither a scenario file nor a model is named: a short,
 * read-only tour (list the working directory, run a harmless shell command, answer) so that
 * `hookrail run` works offline on day one and a user's BeforeTool/AfterTool hooks visibly fire. It
 * has no `expect`, so whatever the user's hooks do to the calls, the run completes. Kept as a module,
 * not a JSON file, because the build does not copy JSON.
 */
import { parseScenario, type Scenario } from './scenario.js';

/** Where the embedded scenario "comes from" in messages. */
export const DEFAULT_SCENARIO_SOURCE = '(embedded default scenario)';

const definition = {
  name: 'default',
  description: 'hookrail offline demo: lists the working directory and runs one harmless shell command.',
  prompt: 'Show me around this directory.',
  tools: ['run_shell_command', 'read_file', 'write_file', 'replace', 'list_directory', 'glob'],
  turns: [
    {
      text: "I'll start by listing the working directory.",
      functionCalls: [{ name: 'list_directory', args: { dir_path: '.' } }],
    },
    {
      text: 'Now a harmless shell command, so any run_shell_command hooks you configured get a chance to act.',
      functionCalls: [
        { name: 'run_shell_command', args: { command: 'echo "hello from hookrail"', description: 'Print a greeting' } },
      ],
    },
    {
      text:
        'That was the built-in offline demo: a scripted model, no API key needed. Run your own script with ' +
        '`hookrail run --scenario FILE`, or a real model with `hookrail run --model gemini-2.5-flash` and ' +
        'GEMINI_API_KEY set.',
    },
  ],
};

/** The embedded default scenario, validated like any scenario file. */
export const defaultScenario: Scenario = parseScenario(definition, DEFAULT_SCENARIO_SOURCE);
