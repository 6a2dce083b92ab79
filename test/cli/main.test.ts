/**
 * The `hookrail` entry point as a real process: help on every command, version, usage errors with
 * exit code 2 and a suggestion, colour rules (NO_COLOR, FORCE_COLOR, --no-color) and --debug.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repositoryRoot, runHookrail, useCliSandbox } from '../helpers/cliProcess.js';

const ansiEscape = /\u001b\[\d+m/;

const sandbox = useCliSandbox();

describe('hookrail (entry point)', () => {
  it('--help lists every command, the settings scopes and the exit codes', async () => {
    const result = await runHookrail(sandbox, ['--help']);
    expect(result.exitCode).toBe(0);
    for (const command of [
      'run',
      'chat',
      'hooks list',
      'hooks validate',
      'hooks fire',
      'hooks test',
      'hooks coverage',
      'hooks trust',
      'hooks enable',
      'hooks disable',
      'replay',
      'visualize',
    ]) {
      expect(result.stdout).toContain(`  ${command} `);
    }
    expect(result.stdout).toContain('Exit codes:');
    expect(result.stdout).toMatch(/0 {4}success; for "run" also a run that a hook stopped/);
    expect(result.stdout).toContain('GEMINI_API_KEY');
    expect(result.stderr).toBe('');
  });

  it.each([
    ['run'],
    ['chat'],
    ['hooks', 'list'],
    ['hooks', 'validate'],
    ['hooks', 'fire'],
    ['hooks', 'test'],
    ['hooks', 'coverage'],
    ['hooks', 'trust'],
    ['hooks', 'enable'],
    ['hooks', 'disable'],
    ['replay'],
    ['visualize'],
  ])('hookrail %s %s --help shows the usage line and options of that command', async (...words) => {
    const command = words.filter((word) => word !== undefined).join(' ');
    const result = await runHookrail(sandbox, [...command.split(' '), '--help']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`Usage: hookrail ${command}`);
    expect(result.stdout).toContain('--debug');
    expect(result.stdout).toContain('--no-color');
  });

  it('"hookrail help hooks fire" and "hookrail hooks --help" show help too', async () => {
    const commandHelp = await runHookrail(sandbox, ['help', 'hooks', 'fire']);
    expect(commandHelp.exitCode).toBe(0);
    expect(commandHelp.stdout).toContain('Usage: hookrail hooks fire EVENT [options]');
    const groupHelp = await runHookrail(sandbox, ['hooks', '--help']);
    expect(groupHelp.exitCode).toBe(0);
    expect(groupHelp.stdout).toContain('Usage: hookrail hooks <command> [options]');
    expect(groupHelp.stdout).toContain('hooks validate');
  });

  it('--version prints the package version', async () => {
    const manifest = JSON.parse(readFileSync(`${repositoryRoot}/package.json`, 'utf8')) as { version: string };
    const result = await runHookrail(sandbox, ['--version']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim()).toBe(manifest.version);
  });

  it('without a command prints the help on stderr and exits 2', async () => {
    const result = await runHookrail(sandbox, []);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Usage: hookrail <command> [options]');
  });

  it('an unknown command exits 2 with one message, a suggestion and no stack trace', async () => {
    const result = await runHookrail(sandbox, ['hooks', 'lst']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('hookrail: error: unknown command "hooks lst" (did you mean "hooks list"?)');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    const topLevel = await runHookrail(sandbox, ['rn']);
    expect(topLevel.exitCode).toBe(2);
    expect(topLevel.stderr).toContain('unknown command "rn" (did you mean "run"?)');
    expect(topLevel.stderr).toContain('commands: run, chat, mcp, hooks, inspect, replay, visualize');
  });

  it('a group without its subcommand exits 2 and names the subcommands', async () => {
    const result = await runHookrail(sandbox, ['hooks']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      '"hookrail hooks" needs a command: list, validate, fire, test, coverage, trust, enable, disable',
    );
  });

  it('an unknown option exits 2, names the option and suggests the nearest one', async () => {
    const result = await runHookrail(sandbox, ['run', '--scenari', 'x.json']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('unknown option --scenari for "hookrail run" (did you mean --scenario?)');
    expect(result.stderr).toContain('Run "hookrail run --help" for usage.');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('an option without its value, and a flag given a value, exit 2 with the option named', async () => {
    const missing = await runHookrail(sandbox, ['run', '--scenario']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('option --scenario needs a value (FILE)');
    const extraArgument = await runHookrail(sandbox, ['hooks', 'list', 'extra']);
    expect(extraArgument.exitCode).toBe(2);
    expect(extraArgument.stderr).toContain('unexpected argument "extra"');
  });

  it('NO_COLOR gives plain text; FORCE_COLOR colours a pipe; --no-color wins over FORCE_COLOR', async () => {
    const file = await sandbox.writeProjectFile('bad-settings.json', '{"hooks": {"BeforeTool": 3}}');
    const plain = await runHookrail(sandbox, ['hooks', 'validate', file], { env: { NO_COLOR: '1', FORCE_COLOR: '1' } });
    expect(plain.exitCode).toBe(1);
    expect(plain.stdout).not.toMatch(ansiEscape);
    const coloured = await runHookrail(sandbox, ['hooks', 'validate', file], {
      env: { NO_COLOR: undefined, FORCE_COLOR: '1' },
    });
    expect(coloured.stdout).toMatch(ansiEscape);
    const flag = await runHookrail(sandbox, ['hooks', 'validate', file, '--no-color'], {
      env: { NO_COLOR: undefined, FORCE_COLOR: '1' },
    });
    expect(flag.stdout).not.toMatch(ansiEscape);
    expect(flag.stdout).toContain('hooks.BeforeTool');
  });

  it('--debug shows the debug log and the stack trace of an error; without it there is no stack trace', async () => {
    const plain = await runHookrail(sandbox, ['run', '--scenario', 'missing.json']);
    expect(plain.exitCode).toBe(1);
    expect(plain.stderr).toContain('missing.json');
    expect(plain.stderr).not.toMatch(/\n\s+at /);
    const debug = await runHookrail(sandbox, ['run', '--scenario', 'missing.json', '--debug']);
    expect(debug.exitCode).toBe(1);
    expect(debug.stderr).toMatch(/\n\s+at /);
    const logged = await runHookrail(sandbox, ['hooks', 'fire', 'SessionStart', '--debug']);
    expect(logged.exitCode).toBe(0);
    expect(logged.stderr).toContain('[hookrail:hooks:event-handler] debug: SessionStart fired: 0 hooks matched');
  });
});
