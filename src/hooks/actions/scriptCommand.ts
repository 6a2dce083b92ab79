/**
 * Whether a command hook's text is provably one script path, so that it can run without a shell.
 * Most published hooks are just that — `"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh`,
 * `.claude/hooks/check.py` — and a `bash -c` around them costs a shell's start for nothing.
 *
 * The reading is conservative: the text must be one word made only of
 * - plain characters `A-Z a-z 0-9 _ . / @ % + , : -`,
 * - the project-directory variables (`$CLAUDE_PROJECT_DIR`, `${GEMINI_PROJECT_DIR}`, ...), which stand
 *   for the project directory as one literal word, as the command expansion makes them for the shell,
 * - double-quoted parts holding those and spaces, and single-quoted parts holding plain characters
 *   and spaces,
 * with a `/` in it (a bare name would be looked up on the PATH) and not starting with `-`. Anything
 * else — a second word (arguments), an operator (`; & | < > ( )`), a glob or brace (`* ? [ { }`), a
 * tilde, `=`, a backslash, a substitution (`$(…)`, backticks), any other variable, a comment, a
 * newline, an unclosed quote — is left to the shell. A project directory with a control character is
 * too (the command expansion never inserts one either).
 */
import { PROJECT_DIR_VARIABLES } from './commandExpansion.js';

const plainCharacter = /^[A-Za-z0-9_./@%+,:-]$/;
const controlCharacter = /[\u0000-\u001f\u007f]/;
const variableReference = new RegExp(
  `^\\$(?:\\{(?:${PROJECT_DIR_VARIABLES.join('|')})\\}|(?:${PROJECT_DIR_VARIABLES.join('|')})(?![A-Za-z0-9_]))`,
);

/** Options of {@link parseScriptCommand}. */
export interface ParseScriptCommandOptions {
  /** The command hook's text, as configured. */
  command: string;
  /** What the project-directory variables stand for. */
  projectDir: string;
}

/**
 * The script path `command` is, with the project-directory variables replaced by `projectDir`, or
 * `undefined` when the text is anything more than one such path (see the module comment).
 */
export function parseScriptCommand(options: ParseScriptCommandOptions): string | undefined {
  const { projectDir } = options;
  if (controlCharacter.test(projectDir)) return undefined;
  const text = options.command.replace(/^[ \t]+|[ \t]+$/g, '');
  let path = '';
  let index = 0;
  const readVariable = (): boolean => {
    const match = variableReference.exec(text.slice(index, index + 32));
    if (!match) return false;
    path += projectDir;
    index += match[0].length;
    return true;
  };
  while (index < text.length) {
    const character = text[index]!;
    if (character === '"' || character === "'") {
      const quote = character;
      index += 1;
      for (;;) {
        if (index >= text.length) return undefined;
        const inner = text[index]!;
        if (inner === quote) break;
        if (quote === '"' && inner === '$') {
          if (!readVariable()) return undefined;
          continue;
        }
        if (inner !== ' ' && !plainCharacter.test(inner)) return undefined;
        path += inner;
        index += 1;
      }
      index += 1;
    } else if (character === '$') {
      if (!readVariable()) return undefined;
    } else if (plainCharacter.test(character)) {
      path += character;
      index += 1;
    } else {
      return undefined;
    }
  }
  if (!path.includes('/') || path.startsWith('-')) return undefined;
  return path;
}
