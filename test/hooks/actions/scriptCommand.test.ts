/**
 * The conservative reading of a command hook as one script path: what is taken (run without a shell)
 * and what is left to bash.
 */
import { describe, expect, it } from 'vitest';
import { parseScriptCommand } from '../../../src/hooks/actions/scriptCommand.js';

const projectDir = '/work/my project';

function parse(command: string, directory = projectDir): string | undefined {
  return parseScriptCommand({ command, projectDir: directory });
}

describe('parseScriptCommand: taken as one script path', () => {
  it.each([
    ['"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh', '/work/my project/.claude/hooks/guard.sh'],
    ['"$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh"', '/work/my project/.claude/hooks/guard.sh'],
    ['"${CLAUDE_PROJECT_DIR}"/.claude/hooks/guard.sh', '/work/my project/.claude/hooks/guard.sh'],
    ['$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh', '/work/my project/.claude/hooks/guard.sh'],
    ['${GEMINI_PROJECT_DIR}/.gemini/hooks/check.py', '/work/my project/.gemini/hooks/check.py'],
    ['$LLXPRT_PROJECT_DIR/hooks/x.js', '/work/my project/hooks/x.js'],
    ['.claude/hooks/x.py', '.claude/hooks/x.py'],
    ['./guard.sh', './guard.sh'],
    ['/usr/local/bin/policy-check', '/usr/local/bin/policy-check'],
    ['  .claude/hooks/x.py\t', '.claude/hooks/x.py'],
    ['\t.claude/hooks/x.py \t ', '.claude/hooks/x.py'],
    ["'.claude/hooks/with space.sh'", '.claude/hooks/with space.sh'],
    ['"hooks dir"/guard.sh', 'hooks dir/guard.sh'],
    ['hooks/v1.2/guard@main+x,y:z%_.sh', 'hooks/v1.2/guard@main+x,y:z%_.sh'],
  ])('%s', (command, expected) => {
    expect(parse(command)).toBe(expected);
  });
});

describe('parseScriptCommand: left to the shell', () => {
  it.each([
    ['a second word (arguments)', '.claude/hooks/x.py --strict'],
    ['an interpreter and a script', 'node .claude/hooks/x.js'],
    ['a bare name, looked up on the PATH', 'guard.sh'],
    ['a sequence', '.claude/hooks/a.sh; .claude/hooks/b.sh'],
    ['a pipe', '.claude/hooks/a.sh | tee log'],
    ['an and-list', '.claude/hooks/a.sh && echo ok'],
    ['a background job', '.claude/hooks/a.sh &'],
    ['a redirection', '.claude/hooks/a.sh >/dev/null'],
    ['an input redirection', '.claude/hooks/a.sh</dev/null'],
    ['a subshell', '(.claude/hooks/a.sh)'],
    ['a glob star', '.claude/hooks/*.sh'],
    ['a glob question mark', '.claude/hooks/a?.sh'],
    ['a glob bracket', '.claude/hooks/[ab].sh'],
    ['a brace expansion', '.claude/hooks/{a,b}.sh'],
    ['a tilde', '~/.claude/hooks/a.sh'],
    ['an assignment', 'X=1/a.sh'],
    ['a backslash', '.claude/hooks/a\\ b.sh'],
    ['a command substitution', '$(pwd)/a.sh'],
    ['a command substitution in double quotes', '"$(pwd)"/a.sh'],
    ['backticks', '`pwd`/a.sh'],
    ['another variable', '$HOME/.claude/hooks/a.sh'],
    ['another variable in double quotes', '"$HOME"/.claude/hooks/a.sh'],
    ['a variable with a default', '${CLAUDE_PROJECT_DIR:-.}/a.sh'],
    ['a longer variable name', '$CLAUDE_PROJECT_DIRS/a.sh'],
    ['a dollar in single quotes', "'$CLAUDE_PROJECT_DIR'/a.sh"],
    ['an unclosed double quote', '"$CLAUDE_PROJECT_DIR/a.sh'],
    ['an unclosed single quote', "'a/b.sh"],
    ['a comment', '.claude/hooks/a.sh #note'],
    ['a newline', '.claude/hooks/a.sh\n.claude/hooks/b.sh'],
    ['a leading dash', '-x/a.sh'],
    ['a history expansion', '!/a.sh'],
    ['an empty command', '   '],
    ['an empty quoted word', '""'],
  ])('%s', (_label, command) => {
    expect(parse(command)).toBeUndefined();
  });

  it('a project directory with a control character', () => {
    expect(parse('"$CLAUDE_PROJECT_DIR"/a.sh', '/work/a\nb')).toBeUndefined();
  });
});
