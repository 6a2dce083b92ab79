/**
 * The script files a command hook names, checked where the hook runs: missing ones are found through the
 * project-directory variables, interpreters and `&&` chains; anything only the shell can read (variables,
 * `~`, globs, code given to an interpreter) is left alone, so a valid hook is never warned about.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { missingHookScripts } from '../../src/cli/hookScriptFiles.js';

let project: string;
beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'hookrail-scripts-'));
  mkdirSync(join(project, 'hooks'));
  for (const name of ['present.sh', 'present.js', 'present.py']) {
    writeFileSync(join(project, 'hooks', name), '');
    chmodSync(join(project, 'hooks', name), 0o755);
  }
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

const missing = (command: string, args?: string[]) =>
  missingHookScripts({ command, ...(args ? { args } : {}), projectDir: project });

describe('missingHookScripts', () => {
  it('finds a missing script behind a project-directory variable, as Claude Code and Gemini CLI settings write it', () => {
    expect(missing('sh "$CLAUDE_PROJECT_DIR"/hooks/absent.sh')).toEqual([join(project, 'hooks/absent.sh')]);
    expect(missing('node "$GEMINI_PROJECT_DIR/hooks/absent.js"')).toEqual([join(project, 'hooks/absent.js')]);
    expect(missing('${CLAUDE_PROJECT_DIR}/hooks/absent.py --flag')).toEqual([join(project, 'hooks/absent.py')]);
    expect(missing('sh "$CLAUDE_PROJECT_DIR"/hooks/present.sh')).toEqual([]);
  });

  it('reads scripts relative to the project directory, after an interpreter, and in every command of a chain', () => {
    expect(missing('python3 hooks/absent.py')).toEqual([join(project, 'hooks/absent.py')]);
    expect(missing('./hooks/absent.sh && node hooks/present.js | bash hooks/other.sh')).toEqual([
      join(project, 'hooks/absent.sh'),
      join(project, 'hooks/other.sh'),
    ]);
    expect(missing('/usr/bin/env node hooks/present.js')).toEqual([]);
    expect(missing('./hooks/absent.sh; cd hooks && ./present.sh')).toEqual([join(project, 'hooks/absent.sh')]);
  });

  it("checks the exec form's program and script argument without a shell", () => {
    expect(missing('node', ['hooks/absent.js', '--json'])).toEqual([join(project, 'hooks/absent.js')]);
    expect(missing('/opt/nowhere/guard', [])).toEqual(['/opt/nowhere/guard']);
    expect(missing('node', ['hooks/present.js'])).toEqual([]);
    // The project-directory variables are expanded as the runner expands them in the exec form.
    expect(missing('node', ['$CLAUDE_PROJECT_DIR/hooks/absent.js'])).toEqual([join(project, 'hooks/absent.js')]);
    expect(missing('${GEMINI_PROJECT_DIR}/hooks/present.sh', [])).toEqual([]);
  });

  it('leaves alone what only the shell, or the interpreter, can read', () => {
    for (const command of [
      'echo {}',
      'jq -r .tool_name',
      'python3 -c "import sys; sys.exit(0)"',
      'node -e "process.exit(0)"',
      'bash -lc "./hooks/absent.sh"',
      'python3 -u hooks/absent.py',
      'sh $HOME/hooks/absent.sh',
      'sh ~/hooks/absent.sh',
      'sh hooks/*.sh',
      'npx tsx hooks/absent.ts',
      'sh "hooks/unclosed.sh',
      'node $(pwd)/hooks/absent.js',
      'node `pwd`/hooks/absent.js',
      'cd hooks && ./absent.sh',
    ]) {
      expect(missing(command), command).toEqual([]);
    }
  });

  it('a project directory with a space is expanded as the runner does it, and a path with a space is not guessed at', () => {
    const spaced = join(project, 'my project');
    mkdirSync(spaced);
    expect(missingHookScripts({ command: 'sh "$CLAUDE_PROJECT_DIR"/hooks/absent.sh', projectDir: spaced })).toEqual([]);
  });
});
