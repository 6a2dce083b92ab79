/**
 * Exec form of a command hook (issue 13): `{ "command": "node", "args": ["guard.js", "--strict"] }`
 * spawns the executable directly, without a shell, so there is nothing to quote. The project-dir
 * variables (HOOK-188) are still expanded in the command and in each argument, as plain text: no
 * shell reads the result, so a directory name with spaces or `;` stays one argument.
 */
import { PROJECT_DIR_VARIABLES } from './commandExpansion.js';

const projectDirReference = new RegExp(`\\$(?:\\{(${PROJECT_DIR_VARIABLES.join('|')})\\}|(${PROJECT_DIR_VARIABLES.join('|')})(?![A-Za-z0-9_]))`, 'g');

/** The executable and arguments to spawn, with `$CLAUDE_PROJECT_DIR` and friends replaced by `projectDir`. */
export function expandExecForm(command: string, args: readonly string[], projectDir: string): { command: string; args: string[] } {
  const expand = (text: string): string => (text.includes('PROJECT_DIR') ? text.replace(projectDirReference, () => projectDir) : text);
  return { command: expand(command), args: args.map(expand) };
}
