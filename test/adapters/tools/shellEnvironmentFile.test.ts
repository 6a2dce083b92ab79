/**
 * `run_shell_command` with the session's environment file (Claude Code's `CLAUDE_ENV_FILE`): sourced
 * before each command when it exists and is not empty, so a SessionStart hook's exports apply; the
 * result still shows the command as asked. stdout and stderr are also kept apart in the metadata.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withEnvironmentFile } from '../../../src/hooks/dialects/claudeEnvFile.js';
import { createAdapterWorkspace, idleContext, type AdapterWorkspace } from '../../helpers/adapterWorkspace.js';

let workspace: AdapterWorkspace;
let environmentFile: string;

beforeEach(async () => {
  workspace = await createAdapterWorkspace();
  environmentFile = path.join(workspace.outside, 'session env.sh');
});
afterEach(() => workspace.cleanup());

describe('run_shell_command environmentFile', () => {
  it('exports in the environment file reach the command; the result shows the command as asked', async () => {
    await writeFile(environmentFile, 'export NODE_ENV=production\nexport PROJECT_TYPE="node app"\n');
    const { run_shell_command: shell } = workspace.tools({ shellEnvironmentFile: environmentFile });
    const result = await shell.execute({ command: 'echo "$NODE_ENV/$PROJECT_TYPE"' }, idleContext());
    expect(result.llmContent).toContain('Command: echo "$NODE_ENV/$PROJECT_TYPE"');
    expect(result.metadata).toMatchObject({ exitCode: 0, stdout: 'production/node app', stderr: '' });
  });

  it('a missing or empty environment file changes nothing', async () => {
    expect(await withEnvironmentFile('ls', environmentFile)).toBe('ls');
    await writeFile(environmentFile, '');
    expect(await withEnvironmentFile('ls', environmentFile)).toBe('ls');
    expect(await withEnvironmentFile('ls', undefined)).toBe('ls');
    await writeFile(environmentFile, 'export A=1\n');
    expect(await withEnvironmentFile('ls', environmentFile)).toBe(`. ${environmentFile.replace(/ /g, '\\ ')}\nls`);
  });

  it('stdout and stderr each on their own in the metadata, besides the interleaved output', async () => {
    const { run_shell_command: shell } = workspace.tools();
    const result = await shell.execute({ command: 'echo one; echo two >&2; exit 4' }, idleContext());
    expect(result.metadata).toMatchObject({ exitCode: 4, stdout: 'one', stderr: 'two' });
    expect(result.llmContent).toContain('one');
    expect(result.llmContent).toContain('two');
  });
});
