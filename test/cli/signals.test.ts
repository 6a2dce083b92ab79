/**
 * As real processes: `hookrail` stops on SIGTERM and SIGHUP as on Ctrl-C
 * (exit 128 + n), and no hook or tool process — running, or left behind by a finished hook — is
 * alive 2 s after the CLI died by SIGTERM, SIGHUP or SIGKILL, or after it exited normally.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath, settingsJson, startHookrail, useCliSandbox } from '../helpers/cliProcess.js';
import { processesAliveAfter, readPidFile } from '../helpers/processes.js';

const sandbox = useCliSandbox();

/** The bound the issue sets: nothing of the host's may be alive this long after the host died. */
const afterHostDeathMs = 2_000;

/** The live members of the process group `pid` belongs to: all a hook or a tool command started. */
function groupMembers(pid: number): number[] {
  const groupOf = (stat: string): number => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  const group = groupOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  const members: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (groupOf(readFileSync(`/proc/${entry}/stat`, 'utf8')) === group) members.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return members;
}

/**
 * `hookrail run` with a BeforeTool hook that leaves a child running in its group, and a shell tool
 * call that runs for a minute; resolves once both are running, with every process of both groups.
 */
async function startRunWithHookAndTool() {
  const hookPidFile = join(sandbox.project, 'hook-child.pid');
  const toolPidFile = join(sandbox.project, 'tool.pid');
  const leaveChild = `sh "${fixturePath('hooks/leave-child.sh')}" "${hookPidFile}"`;
  await sandbox.writeProjectFile(
    'slow.json',
    JSON.stringify({
      prompt: 'Wait a long time.',
      tools: ['run_shell_command'],
      settings: {
        hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: leaveChild }] }] },
      },
      turns: [
        {
          functionCalls: [
            { name: 'run_shell_command', args: { command: `echo $$ > "${toolPidFile}"; exec sleep 60` } },
          ],
        },
        { text: 'never' },
      ],
    }),
  );
  const host = startHookrail(sandbox, ['run', '--scenario', 'slow.json', '--json']);
  const hookChild = await readPidFile(hookPidFile, 20_000);
  const tool = await readPidFile(toolPidFile, 20_000);
  return { host, processes: [...groupMembers(hookChild), ...groupMembers(tool)], hookChild, tool };
}

describe.runIf(process.platform === 'linux')('hookrail stopped by a signal', () => {
  it.each(['SIGTERM', 'SIGHUP'] as const)(
    '%s stops "run" like Ctrl-C: exit 128 + n, no hook or tool process alive 2 s later',
    async (signal) => {
      const { host, processes, hookChild, tool } = await startRunWithHookAndTool();
      expect(processes).toEqual(expect.arrayContaining([hookChild, tool]));
      host.kill(signal);
      const result = await host;
      expect(result.exitCode).toBe(128 + constants.signals[signal]);
      expect(String(result.stderr)).toContain('stopping hook and tool processes');
      expect(await processesAliveAfter(processes, afterHostDeathMs)).toEqual([]);
    },
  );

  it('"run" killed by SIGKILL: the watchdog kills the hook\'s and the tool\'s groups (none alive 2 s later)', async () => {
    const { host, processes } = await startRunWithHookAndTool();
    host.kill('SIGKILL');
    const result = await host;
    expect(result.signal).toBe('SIGKILL');
    expect(await processesAliveAfter(processes, afterHostDeathMs)).toEqual([]);
  });

  it('"hooks fire" killed by SIGKILL while its hook runs: the hook\'s group is gone 2 s later', async () => {
    const childPidFile = join(sandbox.project, 'child.pid');
    const hang = `sh "${fixturePath('hooks/spawn-child-and-hang.sh')}" "${childPidFile}"`;
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({ BeforeTool: [{ hooks: [{ type: 'command', command: hang, timeout: 60_000 }] }] }),
    );
    const host = startHookrail(sandbox, [
      'hooks',
      'fire',
      'BeforeTool',
      '--tool',
      'run_shell_command',
      '--input',
      '{"command":"ls"}',
    ]);
    const processes = groupMembers(await readPidFile(childPidFile, 20_000));
    expect(processes.length).toBeGreaterThanOrEqual(2);
    host.kill('SIGKILL');
    expect((await host).signal).toBe('SIGKILL');
    expect(await processesAliveAfter(processes, afterHostDeathMs)).toEqual([]);
  });
});

describe.runIf(process.platform === 'linux')('hookrail exiting normally', () => {
  it('what a hook left in its group is not waited for and dies when "hooks fire" exits', async () => {
    const childPidFile = join(sandbox.project, 'child.pid');
    const leaveChild = `sh "${fixturePath('hooks/leave-child.sh')}" "${childPidFile}"`;
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({ BeforeTool: [{ hooks: [{ type: 'command', command: leaveChild }] }] }),
    );
    const result = await startHookrail(sandbox, [
      'hooks',
      'fire',
      'BeforeTool',
      '--tool',
      'write_file',
      '--input',
      '{"file_path":"a.txt"}',
    ]);
    expect(result.exitCode).toBe(0);
    expect(String(result.stdout)).toMatch(/exit 0 — ok/);
    const child = await readPidFile(childPidFile);
    expect(await processesAliveAfter([child], afterHostDeathMs)).toEqual([]);
  });
});
