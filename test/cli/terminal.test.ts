/**
 * `hookrail run` on a real terminal (a pseudo-terminal from util-linux `script`, so stdout and stderr are
 * both TTYs and land on one screen, as in a user's shell): a hook that fails during a tool call prints its
 * warning on a line of its own, below the call's progress line, which is then shown again and completed —
 * not glued to the middle of it (`beforeHookwarning: …`).
 */
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { cliEntry, useCliSandbox } from '../helpers/cliProcess.js';

const sandbox = useCliSandbox();

const scenario = {
  prompt: 'List the project.',
  tools: ['list_directory'],
  settings: {
    hooks: { BeforeTool: [{ hooks: [{ name: 'failing', type: 'command', command: 'echo broken >&2; exit 1' }] }] },
  },
  turns: [
    { text: 'Listing.', functionCalls: [{ name: 'list_directory', args: { dir_path: '.' } }] },
    { text: 'Done.' },
  ],
};

describe('hookrail run on a terminal', () => {
  it('a hook warning during a call goes below the progress line, which is shown again and completed', async () => {
    await sandbox.writeProjectFile('scenario.json', JSON.stringify(scenario));
    const command = `'${process.execPath}' '${cliEntry}' run --scenario scenario.json`;
    const result = await execa('script', ['-qec', command, '/dev/null'], {
      cwd: sandbox.project,
      env: {
        PATH: process.env['PATH'],
        HOME: sandbox.home,
        NO_COLOR: '1',
        HOOKRAIL_SYSTEM_SETTINGS: join(sandbox.home, 'none.json'),
      },
      extendEnv: false,
      reject: false,
      timeout: 60_000,
    });
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.replace(/\r/g, '').split('\n');
    const warningAt = lines.findIndex((line) => line.startsWith('warning: Hook "failing'));
    expect(warningAt).toBeGreaterThan(0);
    expect(lines[warningAt]).toBe(
      'warning: Hook "failing (echo broken >&2; exit 1)" for BeforeTool failed (fail-open): exit code 1; stderr: broken',
    );
    expect(lines[warningAt - 1]).toBe('▸ list_directory  beforeHook');
    expect(lines[warningAt + 1]).toBe('▸ list_directory  beforeHook → executing → afterHook → published');
    expect(result.stdout).not.toContain('beforeHookwarning');
  });
});
