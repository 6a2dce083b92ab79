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
