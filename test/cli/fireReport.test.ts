/**
 * How `hookrail hooks fire` lays out its report (src/cli/fireReport.ts), as a real process with real
 * hook processes: the Decision rows stay in their columns whatever the hooks printed.
 */
import { describe, expect, it } from 'vitest';
import { respondHook, runHookrail, settingsJson, useCliSandbox } from '../helpers/cliProcess.js';

const sandbox = useCliSandbox();

describe('hooks fire report', () => {
  it('HOOK-209: two failed hooks\' "Warning: <stderr>" lines both stay in the systemMessage column of the Decision', async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({
        BeforeTool: [
          {
            matcher: 'run_shell_command',
            hooks: [
              { type: 'command', command: respondHook(1, '', 'first hook broke') },
              { type: 'command', command: respondHook(3, '', 'second hook broke') },
            ],
          },
        ],
      }),
    );
    const result = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'BeforeTool',
      '--tool',
      'run_shell_command',
      '--input',
      '{"command":"ls"}',
    ]);
    expect(result.exitCode).toBe(0);
    const decision = result.stdout.slice(result.stdout.indexOf('Decision\n'));
    const lines = decision.split('\n');
    const first = lines.findIndex((line) => line.includes('Warning: first hook broke'));
    const second = lines.findIndex((line) => line.includes('Warning: second hook broke'));
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
    const [upper, lower] = first < second ? [first, second] : [second, first];
    expect(lines[upper]).toMatch(/^ {2}systemMessage {7}Warning: /);
    expect(lines[lower]).toMatch(/^ {22}Warning: /);
    expect(lines[lower + 1]).toMatch(/^ {2}suppressOutput {6}no$/);
  });
});
