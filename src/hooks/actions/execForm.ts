/**
 * Exec form of a command hook: `{ "command": "node", "args": ["guard.js", "--strict"] }`
 * spawns the executable directly, without a shell, so there is nothing to quote. The project-dir
 * variables (HOOK-188) and a Claude Code plugin's `CLAUDE_PLUGIN_ROOT` and `CLAUDE_PLUGIN_DATA` are
 * still expanded in the command and in each argument (`$NAME` or `${NAME}`), as plain text: no shell
 * reads the result, so a directory name with spaces or `;` stays one argument. (In the shell form the
 * shell expands them from the hook's environment, where the runner sets them.)
 */
import { PROJECT_DIR_VARIABLES } from './commandExpansion.js';

/** A Claude Code plugin's variables, expanded in the exec form and set in the hook's environment. */
export const PLUGIN_VARIABLES = ['CLAUDE_PLUGIN_ROOT', 'CLAUDE_PLUGIN_DATA'] as const;

const names = [...PROJECT_DIR_VARIABLES, ...PLUGIN_VARIABLES].join('|');
const variableReference = new RegExp(`\\$(?:\\{(${names})\\}|(${names})(?![A-Za-z0-9_]))`, 'g');

/** What {@link expandExecForm} expands. */
export interface ExpandExecFormOptions {
  command: string;
  args: readonly string[];
  /** The value of every project-dir variable. */
  projectDir: string;
  /** The hook's own variables (a plugin hook's `CLAUDE_PLUGIN_ROOT`, `CLAUDE_PLUGIN_DATA`); others are not read. */
  variables?: Readonly<Record<string, string>>;
}

/** The executable and arguments to spawn, with `$CLAUDE_PROJECT_DIR`, `${CLAUDE_PLUGIN_ROOT}` and friends replaced. */
export function expandExecForm(options: ExpandExecFormOptions): { command: string; args: string[] } {
  const { projectDir, variables = {} } = options;
  const value = (name: string): string | undefined =>
    (PROJECT_DIR_VARIABLES as readonly string[]).includes(name) ? projectDir : variables[name];
  const expand = (text: string): string =>
    text.includes('$')
      ? text.replace(
          variableReference,
          (whole, braced: string | undefined, bare: string | undefined) => value(braced ?? bare ?? '') ?? whole,
        )
      : text;
  return { command: expand(options.command), args: options.args.map(expand) };
}
