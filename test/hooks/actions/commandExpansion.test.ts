/**
 * expandCommand (HOOK-188): the project-directory variables in a hook's command text, quoted for
 * their shell context. The hostile-directory tests run real processes and check that the
 * directory's name never runs as code and arrives as exactly one argument.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { escapeShellWord, expandCommand } from '../../../src/hooks/actions/commandExpansion.js';
import { HookRunner } from '../../../src/hooks/engine/hookRunner.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import { beforeToolInput, fixtureCommand, hookFixture, scratchDirectory } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';

afterAll(() => assertNoHookProcessesAlive());

describe('expandCommand as text', () => {
  it('HOOK-188: expands all three variables, bare and braced, outside quotes', () => {
    expect(expandCommand('$LLXPRT_PROJECT_DIR/a $GEMINI_PROJECT_DIR/b ${CLAUDE_PROJECT_DIR}/c', '/home/me/proj')).toBe(
      '/home/me/proj/a /home/me/proj/b /home/me/proj/c',
    );
  });

  it('HOOK-188: outside quotes every special character of the directory is backslash-escaped', () => {
    expect(expandCommand('sh $CLAUDE_PROJECT_DIR/x.sh', "/tmp/a b;c'd")).toBe("sh /tmp/a\\ b\\;c\\'d/x.sh");
    expect(escapeShellWord('$(x)`y`"z"\\*~=é')).toBe('\\$\\(x\\)\\`y\\`\\"z\\"\\\\\\*\\~\\=é');
  });

  it('HOOK-188: inside double quotes the quote is closed around the escaped value, so Claude Code\'s "$CLAUDE_PROJECT_DIR"/x.sh form keeps working', () => {
    expect(expandCommand('"$CLAUDE_PROJECT_DIR/x.sh"', '/a b')).toBe('""/a\\ b"/x.sh"');
    expect(expandCommand('"$CLAUDE_PROJECT_DIR"/.claude/hooks/x.sh', '/p')).toBe('""/p""/.claude/hooks/x.sh');
  });

  it('HOOK-188: single quotes, escaped dollars, longer names and ${VAR:-default} are left for the shell', () => {
    for (const command of [
      "echo '$CLAUDE_PROJECT_DIR'",
      'echo \\$CLAUDE_PROJECT_DIR',
      'echo $CLAUDE_PROJECT_DIRECTORY',
      'echo ${CLAUDE_PROJECT_DIR:-/fallback}',
      'echo "${CLAUDE_PROJECT_DIR:-/fallback}"',
      'echo hi # $CLAUDE_PROJECT_DIR',
    ]) {
      expect(expandCommand(command, '/p q')).toBe(command);
    }
  });

  it('HOOK-188: here-document bodies are left for the shell, and the text after them is expanded', () => {
    const command = 'cat <<EOF\n"$CLAUDE_PROJECT_DIR\nEOF\necho $CLAUDE_PROJECT_DIR';
    expect(expandCommand(command, '/p q')).toBe('cat <<EOF\n"$CLAUDE_PROJECT_DIR\nEOF\necho /p\\ q');
  });

  it('HOOK-188: inside $(...) and backticks the value is escaped for the substitution', () => {
    expect(expandCommand('echo "$(ls $CLAUDE_PROJECT_DIR)"', '/p q')).toBe('echo "$(ls /p\\ q)"');
    expect(expandCommand('echo `ls $CLAUDE_PROJECT_DIR`', '/p q')).toBe('echo `ls /p\\\\ q`');
  });

  it('HOOK-188: a directory with control characters is never inserted; the shell expands the variable itself', () => {
    expect(expandCommand('sh "$CLAUDE_PROJECT_DIR/x.sh"', '/a\nb')).toBe('sh "$CLAUDE_PROJECT_DIR/x.sh"');
  });
});

describe('expandCommand finds where each reference stands', () => {
  const reference = '$CLAUDE_PROJECT_DIR';
  const escaped = '/p\\ q';
  /** [command, what the shell is given], with `@` standing for the variable and `=` for the escaped directory. */
  const cases: Array<[string, string, string]> = [
    ['a quote closed by its twin: the text after it is unquoted again', `'a' @ "b" @`, `'a' = "b" =`],
    ['a single-quoted word of several characters stays whole', `'x @ y' @`, `'x @ y' =`],
    ['a quote right after $( opens a quote inside the substitution', "echo $('@') @", "echo $('@') ="],
    [
      'a ) closing a case pattern at the top is plain text',
      'case $1 in x) echo @;; esac',
      'case $1 in x) echo =;; esac',
    ],
    ['a here-document operator at the very end', 'echo @; cat <<EOF', 'echo =; cat <<EOF'],
    ['an escaped dollar inside double quotes stays literal', `"\\@ @"`, `"\\@ "=""`],
    [
      '$(...) with parentheses of its own ends at its matching )',
      `echo "$( (ls) ; ls @)" @`,
      `echo "$( (ls) ; ls =)" =`,
    ],
    ['arithmetic $((...)) inside $(...)', `echo $(echo $((1+2)) @) "@"`, `echo $(echo $((1+2)) =) ""=""`],
    ['a reference right after a backtick, and text after the closing one', 'echo `@` @', 'echo `/p\\\\ q` ='],
    ['a ${...} word ends at its }', 'echo ${X:-@} @', 'echo ${X:-@} ='],
    ['a brace group at the top is no ${...} word', '{ echo @; }; echo @', '{ echo =; }; echo ='],
    ['a # inside a word starts no comment', 'echo a#@', 'echo a#='],
    ['a comment at the very start ends at its line', '#@\necho @', '#@\necho ='],
    ['a comment after a word ends at its line', 'echo hi #@\necho @', 'echo hi #@\necho ='],
    ['a < redirection is no here-document', 'cat < @', 'cat < ='],
    [
      'text after << on its own line is expanded; the body is not',
      'cat <<EOF @\n@\nEOF\necho @',
      'cat <<EOF =\n@\nEOF\necho =',
    ],
    ['a body of several lines', 'cat <<EOF\na\n@\nEOF\necho @', 'cat <<EOF\na\n@\nEOF\necho ='],
    ['a one-letter delimiter that ends the operator line', 'cat <<E\n@\nE\necho @', 'cat <<E\n@\nE\necho ='],
    ['a quoted delimiter', "cat <<'EOF'\n@\nEOF\necho @", "cat <<'EOF'\n@\nEOF\necho ="],
    ['an escaped delimiter after blanks', 'cat << \t\\EOF\n@\nEOF\necho @', 'cat << \t\\EOF\n@\nEOF\necho ='],
    [
      '<<- strips leading tabs from the delimiter line only',
      'cat <<-EOF\nEOF\t\n@\n\t\tEOF\necho @',
      'cat <<-EOF\nEOF\t\n@\n\t\tEOF\necho =',
    ],
    [
      'two here-documents on one line, bodies in order',
      'cat <<A <<B\n@\nA\n@\nB\necho @',
      'cat <<A <<B\n@\nA\n@\nB\necho =',
    ],
    ['a delimiter followed by more of the line', 'cat <<EOF;echo @\n@\nEOF\n@', 'cat <<EOF;echo =\n@\nEOF\n='],
    ['<< with no word opens no here-document', 'x <<\necho @', 'x <<\necho ='],
    ['a here-document never closed runs to the end', 'cat <<EOF\n@', 'cat <<EOF\n@'],
  ];
  for (const [rule, command, expected] of cases) {
    it(`HOOK-188: ${rule}`, () => {
      expect(expandCommand(command.replaceAll('@', reference), '/p q')).toBe(
        expected.replaceAll('@', reference).replaceAll('=', escaped),
      );
    });
  }

  it('HOOK-188: a character from U+0080 up is kept as it is; ASCII punctuation is escaped', () => {
    expect(escapeShellWord('a\u0080é\u007e')).toBe('a\u0080é\\~');
  });
});

describe('expandCommand with a hostile directory name, as a real process', () => {
  const hostileName =
    'x; touch pwned-semicolon; echo $(touch pwned-subst) `touch pwned-backtick` \'sq\' "dq" \\ & | < > * ? ~ # end';
  let scratch: ReturnType<typeof scratchDirectory>;
  let projectDir: string;
  let out: string;
  let runner: HookRunner;

  beforeEach(() => {
    scratch = scratchDirectory();
    projectDir = join(scratch.path, hostileName);
    mkdirSync(projectDir);
    out = join(scratch.path, 'argv.txt');
    runner = new HookRunner({ logger: recordingLogger().logger, killGraceMs: 200 });
  });
  afterEach(() => scratch.remove());

  /** Every file anywhere under the scratch directory whose name says code ran. */
  function pwnedFiles(): string[] {
    return (readdirSync(scratch.path, { recursive: true }) as string[]).filter((name) =>
      basename(name).startsWith('pwned-'),
    );
  }

  async function run(command: string, cwd = projectDir) {
    const result = await runner.executeHook(
      { type: 'command', command },
      HookEventName.BeforeTool,
      beforeToolInput({}, 'read_file', cwd),
    );
    return { result, argv: readFileSync(out, 'utf8') };
  }

  it('HOOK-188: outside quotes the directory stays one literal argument and runs no code', async () => {
    const { result, argv } = await run(`${fixtureCommand('print-argv.sh', out)} $CLAUDE_PROJECT_DIR/hook.sh`);
    expect(result.success).toBe(true);
    expect(argv).toBe(`1\n${projectDir}/hook.sh\n`);
    expect(pwnedFiles()).toEqual([]);
  });

  it('HOOK-188: inside double quotes the directory stays one literal argument and runs no code', async () => {
    const { result, argv } = await run(`${fixtureCommand('print-argv.sh', out)} "\${LLXPRT_PROJECT_DIR}/hook.sh"`);
    expect(result.success).toBe(true);
    expect(argv).toBe(`1\n${projectDir}/hook.sh\n`);
    expect(pwnedFiles()).toEqual([]);
  });

  it('HOOK-188: inside single quotes the text stays literal and runs no code', async () => {
    const { result, argv } = await run(`${fixtureCommand('print-argv.sh', out)} '$GEMINI_PROJECT_DIR/hook.sh'`);
    expect(result.success).toBe(true);
    expect(argv).toBe('1\n$GEMINI_PROJECT_DIR/hook.sh\n');
    expect(pwnedFiles()).toEqual([]);
  });

  it('HOOK-188, HOOK-155: a script inside the hostile project runs with Claude Code\'s "$CLAUDE_PROJECT_DIR"/script form', async () => {
    copyFileSync(hookFixture('print-argv.sh'), join(projectDir, 'hook.sh'));
    const { result, argv } = await run(`sh "$CLAUDE_PROJECT_DIR"/hook.sh "${out}" "$CLAUDE_PROJECT_DIR"`);
    expect(result.success).toBe(true);
    expect(argv).toBe(`1\n${projectDir}\n`);
    expect(pwnedFiles()).toEqual([]);
  });

  it('HOOK-188: inside $(...), backticks and here-documents the directory runs no code', async () => {
    const commands = [
      `${fixtureCommand('print-argv.sh', out)} "$(printf '%s' "$CLAUDE_PROJECT_DIR")"`,
      `${fixtureCommand('print-argv.sh', out)} "\`printf '%s' $CLAUDE_PROJECT_DIR\`"`,
      `${fixtureCommand('print-argv.sh', out)} "$(cat <<EOF\n$CLAUDE_PROJECT_DIR\nEOF\n)"`,
    ];
    for (const command of commands) {
      const { result, argv } = await run(command);
      expect(result.success, command).toBe(true);
      expect(argv, command).toBe(`1\n${projectDir}\n`);
    }
    expect(pwnedFiles()).toEqual([]);
  });
});
