/**
 * Validation of the fields beyond command hooks (type http, exec-form args, url, headers, allowedEnvVars,
 * priority, onFailure, async, if): every problem with its JSON path, skipped or kept as it says.
 */
import { describe, expect, it } from 'vitest';
import { validateHooksSettings } from '../../../src/hooks/validation/hooksSettingsValidation.js';

function validate(hooks: unknown[], event = 'BeforeTool') {
  return validateHooksSettings({ [event]: [{ hooks }] });
}

const at = (index: number, field?: string): string => `hooks.BeforeTool[0].hooks[${index}]${field ? `.${field}` : ''}`;

describe('type', () => {
  it('"command", "http" and "plugin" are settings types; anything else is an error naming the path', () => {
    const result = validate([
      { type: 'command', command: 'true' },
      { type: 'http', url: 'http://127.0.0.1:9/hook' },
      { type: 'plugin', name: 'p' },
      { type: 'webhook', url: 'http://x' },
      { type: 'function', name: 'f' },
    ]);
    expect(result.definitions.map((definition) => definition.config.type)).toEqual(['command', 'http', 'plugin']);
    expect(result.problems).toEqual([
      {
        path: at(3, 'type'),
        message:
          'unknown hook type "webhook" (expected "command", "http", "prompt", "agent" or "plugin"); hook skipped',
        severity: 'error',
      },
      {
        path: at(4, 'type'),
        message:
          '"function" hooks are registered in code (Config.functionHooks or HookSystem.registerFunctionHook), not in settings; hook skipped',
        severity: 'error',
      },
    ]);
  });
});

describe('exec form', () => {
  it('args must be an array of strings; the first bad element is named', () => {
    const result = validate([
      { type: 'command', command: 'node', args: ['guard.js', '--strict'] },
      { type: 'command', command: 'node', args: 'guard.js --strict' },
      { type: 'command', command: 'node', args: ['guard.js', 3] },
    ]);
    expect(result.definitions.map((definition) => definition.config)).toEqual([
      { type: 'command', command: 'node', args: ['guard.js', '--strict'] },
    ]);
    expect(result.problems).toEqual([
      {
        path: at(1, 'args'),
        message: 'expected an array of strings (exec form: the arguments of "command"), got a string; hook skipped',
        severity: 'error',
      },
      {
        path: at(2, 'args[1]'),
        message: 'expected a string, got 3; every argument must be a string; hook skipped',
        severity: 'error',
      },
    ]);
  });

  it('with args, a command containing a space is kept with a warning (no shell splits it)', () => {
    const result = validate([{ type: 'command', command: 'node guard.js', args: ['--strict'] }]);
    expect(result.definitions).toHaveLength(1);
    expect(result.problems).toEqual([
      { path: at(0, 'command'), message: expect.stringContaining('run without a shell'), severity: 'warning' },
    ]);
  });
});

describe('http', () => {
  it('url is required and must be http(s)', () => {
    const result = validate([
      { type: 'http' },
      { type: 'http', url: 'ftp://example.com/hook' },
      { type: 'http', url: 'not a url' },
      { type: 'http', url: 42 },
      { type: 'http', url: 'https://hooks.example.com/check' },
    ]);
    expect(result.definitions.map((definition) => definition.path)).toEqual([at(4)]);
    expect(result.problems).toEqual([
      {
        path: at(0),
        message: '"url" is missing (an http hook POSTs its input to an http:// or https:// URL); hook skipped',
        severity: 'error',
      },
      {
        path: at(1, 'url'),
        message: '"ftp://example.com/hook" is not an http(s) URL (protocol "ftp:"); hook skipped',
        severity: 'error',
      },
      { path: at(2, 'url'), message: '"not a url" is not a valid URL; hook skipped', severity: 'error' },
      { path: at(3, 'url'), message: 'expected an http:// or https:// URL, got 42; hook skipped', severity: 'error' },
    ]);
  });

  it('headers must map valid names to single-line strings; allowedEnvVars must be variable names', () => {
    const url = 'http://127.0.0.1/h';
    const result = validate([
      { type: 'http', url, headers: ['Authorization: x'] },
      { type: 'http', url, headers: { 'Bad Name': 'x' } },
      { type: 'http', url, headers: { Authorization: 5 } },
      { type: 'http', url, headers: { 'X-Inject': 'a\r\nEvil: 1' } },
      { type: 'http', url, allowedEnvVars: 'TOKEN' },
      { type: 'http', url, allowedEnvVars: ['TOKEN', 'NOT-A-NAME'] },
      { type: 'http', url, headers: { Authorization: 'Bearer $TOKEN' }, allowedEnvVars: ['TOKEN'] },
    ]);
    expect(result.definitions.map((definition) => definition.path)).toEqual([at(6)]);
    expect(result.problems.map((problem) => [problem.path, problem.severity])).toEqual([
      [at(0, 'headers'), 'error'],
      [`${at(1, 'headers')}["Bad Name"]`, 'error'],
      [`${at(2, 'headers')}["Authorization"]`, 'error'],
      [`${at(3, 'headers')}["X-Inject"]`, 'error'],
      [at(4, 'allowedEnvVars'), 'error'],
      [`${at(5, 'allowedEnvVars')}[1]`, 'error'],
    ]);
  });

  it('a header using a variable not in allowedEnvVars is kept, with a warning that it is sent empty', () => {
    const result = validate([
      {
        type: 'http',
        url: 'http://127.0.0.1/h',
        headers: { Authorization: 'Bearer ${SECRET}', 'X-Ok': '$OK' },
        allowedEnvVars: ['OK'],
      },
    ]);
    expect(result.definitions).toHaveLength(1);
    expect(result.problems).toEqual([
      {
        path: `${at(0, 'headers')}["Authorization"]`,
        message: '$SECRET is not in allowedEnvVars, so it is sent empty; add it to allowedEnvVars to send its value',
        severity: 'warning',
      },
    ]);
  });

  it('command and args on an http hook, url and headers on a command hook, are ignored with a warning', () => {
    const result = validate([
      { type: 'http', url: 'http://127.0.0.1/h', command: 'curl x' },
      { type: 'command', command: 'true', url: 'http://127.0.0.1/h', headers: {} },
    ]);
    expect(result.definitions.map((definition) => definition.config)).toEqual([
      { type: 'http', url: 'http://127.0.0.1/h' },
      { type: 'command', command: 'true' },
    ]);
    expect(result.problems.map((problem) => [problem.path, problem.severity])).toEqual([
      [at(0, 'command'), 'warning'],
      [at(1, 'url'), 'warning'],
      [at(1, 'headers'), 'warning'],
    ]);
  });
});

describe('fields every type takes', () => {
  it('a bad priority, onFailure or async is kept with the default and a warning naming the path', () => {
    const result = validate([
      { type: 'command', command: 'a', priority: 'high' },
      { type: 'command', command: 'b', priority: Number.NaN },
      { type: 'command', command: 'c', onFailure: 'closed' },
      { type: 'command', command: 'd', async: 'yes' },
      { type: 'command', command: 'e', priority: -3.5, onFailure: 'block', async: false },
    ]);
    expect(result.definitions.map((definition) => definition.config)).toEqual([
      { type: 'command', command: 'a' },
      { type: 'command', command: 'b' },
      { type: 'command', command: 'c' },
      { type: 'command', command: 'd' },
      { type: 'command', command: 'e', priority: -3.5, onFailure: 'block', async: false },
    ]);
    expect(result.problems).toEqual([
      {
        path: at(0, 'priority'),
        message: 'expected a number (higher runs first), got "high"; treated as 0',
        severity: 'warning',
      },
      {
        path: at(1, 'priority'),
        message: 'expected a number (higher runs first), got NaN; treated as 0',
        severity: 'warning',
      },
      {
        path: at(2, 'onFailure'),
        message: 'expected "continue" or "block", got "closed"; treated as "continue" (a failure is ignored)',
        severity: 'warning',
      },
      {
        path: at(3, 'async'),
        message: 'expected true or false, got "yes"; treated as false (the hook runs in the foreground)',
        severity: 'warning',
      },
    ]);
  });

  it('onFailure "block" where it cannot block (an event without a guarded action, or an async hook) is a warning', () => {
    const after = validateHooksSettings({
      AfterTool: [{ hooks: [{ type: 'command', command: 'a', onFailure: 'block' }] }],
    });
    expect(after.problems).toEqual([
      {
        path: 'hooks.AfterTool[0].hooks[0].onFailure',
        message:
          'onFailure "block" blocks BeforeTool, BeforeModel, BeforeToolSelection and BeforeAgent; a failing AfterTool hook is reported and ignored',
        severity: 'warning',
      },
    ]);
    const background = validate([{ type: 'command', command: 'a', onFailure: 'block', async: true }]);
    expect(background.problems).toEqual([
      {
        path: at(0, 'onFailure'),
        message: 'an async hook never blocks, so onFailure "block" has no effect on it',
        severity: 'warning',
      },
    ]);
  });

  it('an `if` that does not parse is an error and the hook is skipped', () => {
    const result = validate([
      { type: 'command', command: 'a', if: 'Bash(rm -rf*' },
      { type: 'command', command: 'b', if: 7 },
      { type: 'command', command: 'c', if: 'run_shell_command(git push*)' },
    ]);
    expect(result.definitions.map((definition) => definition.config.command)).toEqual(['c']);
    expect(result.problems).toEqual([
      {
        path: at(0, 'if'),
        message: 'the argument glob of "Bash(rm -rf*" is not closed with ")"; hook skipped',
        severity: 'error',
      },
      {
        path: at(1, 'if'),
        message: 'expected a string like "run_shell_command(git push*)", got a number; hook skipped',
        severity: 'error',
      },
    ]);
  });

  it('`if` on an event that is not a tool event is a warning: that hook never runs', () => {
    const result = validateHooksSettings({ BeforeModel: [{ hooks: [{ type: 'command', command: 'a', if: 'Bash' }] }] });
    expect(result.definitions).toHaveLength(1);
    expect(result.problems).toEqual([
      {
        path: 'hooks.BeforeModel[0].hooks[0].if',
        message: '"if" conditions apply to tool events (BeforeTool, AfterTool); on BeforeModel this hook never runs',
        severity: 'warning',
      },
    ]);
  });
});
