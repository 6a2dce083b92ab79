/**
 * HOOK-188 and withholding: a hook inherits the host's environment plus the project-dir variables,
 * less what `Config.hookEnvironment.withhold` names — checked on the env builder alone and with real
 * hook processes through Config, the way a library host uses it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildHookEnvironment, inheritedEnvironmentWith } from '../../../src/hooks/actions/hookEnvironment.js';
import { CappedCapture } from '../../../src/hooks/actions/cappedCapture.js';
import { runInProcessGroup } from '../../../src/hooks/actions/processGroup.js';
import { DebugLogger } from '../../../src/debugLogger.js';
import { Config } from '../../../src/hooks/engine/config.js';
import { executeToolWithHooks } from '../../../src/hooks/triggers/executeToolWithHooks.js';
import { fixtureHook, scratchDirectory } from '../../helpers/hookFixtures.js';

let scratch: ReturnType<typeof scratchDirectory>;
const secretName = 'HOOKRAIL_TEST_SERVICE_API_KEY';
beforeEach(() => {
  scratch = scratchDirectory();
  process.env[secretName] = 'not-for-hooks';
});
afterEach(() => {
  delete process.env[secretName];
  scratch.remove();
});

describe('buildHookEnvironment', () => {
  it('HOOK-188: sets the project-dir variables and removes nothing by default', () => {
    expect(buildHookEnvironment({ projectDir: '/work/p', inherited: { A_API_KEY: 'x' } })).toEqual({
      LLXPRT_PROJECT_DIR: '/work/p',
      GEMINI_PROJECT_DIR: '/work/p',
      CLAUDE_PROJECT_DIR: '/work/p',
    });
  });

  it('inheritedEnvironmentWith: every inherited variable, with the overlay laid over it (undefined kept, so the spawn drops it)', () => {
    const environment = inheritedEnvironmentWith({ CLAUDE_PROJECT_DIR: '/project', PATH: undefined });
    expect(environment['CLAUDE_PROJECT_DIR']).toBe('/project');
    expect('PATH' in environment && environment['PATH'] === undefined).toBe(true);
    const inheritedNames = Object.keys(process.env).filter((name) => name !== 'PATH' && name !== 'CLAUDE_PROJECT_DIR');
    for (const name of inheritedNames) expect(environment[name]).toBe(process.env[name]);
  });

  it('a real process gets the host environment as it is at each spawn: a variable set after an earlier spawn is seen, one deleted is gone, the overlay wins', async () => {
    // An environment that only points at process.env (Object.create) instead of copying it looks
    // cheaper, but V8 caches the names a for…in found on an object of the same shape: a variable the
    // host sets after the first spawn would silently never reach a hook.
    const overlay = { HOOKRAIL_TEST_OVERLAY: 'laid', HOOKRAIL_TEST_REMOVED: undefined, [secretName]: 'replaced' };
    const environmentSeen = async (): Promise<Record<string, string>> => {
      const stdout = new CappedCapture({ limitBytes: 1 << 20 });
      const outcome = await runInProcessGroup({
        command: 'env',
        args: ['-0'],
        cwd: scratch.path,
        env: overlay,
        stdout,
        stderr: new CappedCapture({ limitBytes: 1024 }),
        timeoutMs: 10_000,
      });
      expect(outcome.exitCode).toBe(0);
      const lines = stdout
        .head()
        .toString('utf8')
        .split('\0')
        .filter((line) => line !== '');
      return Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
    };
    const expected = (): Record<string, string> => {
      const inherited = Object.entries(process.env).filter(
        (entry): entry is [string, string] => entry[1] !== undefined && entry[0] !== 'HOOKRAIL_TEST_REMOVED',
      );
      return { ...Object.fromEntries(inherited), HOOKRAIL_TEST_OVERLAY: 'laid', [secretName]: 'replaced' };
    };
    process.env['HOOKRAIL_TEST_REMOVED'] = 'gone';
    try {
      expect(await environmentSeen()).toEqual(expected());
      process.env['HOOKRAIL_TEST_SET_LATER'] = 'later';
      const second = await environmentSeen();
      expect(second['HOOKRAIL_TEST_SET_LATER']).toBe('later');
      expect(second).toEqual(expected());
      delete process.env['HOOKRAIL_TEST_SET_LATER'];
      expect(await environmentSeen()).toEqual(expected());
    } finally {
      delete process.env['HOOKRAIL_TEST_REMOVED'];
      delete process.env['HOOKRAIL_TEST_SET_LATER'];
    }
  });

  it('marks each withheld inherited variable undefined (removed from the child), never the project-dir variables', () => {
    const environment = buildHookEnvironment({
      projectDir: '/work/p',
      inherited: { A_API_KEY: 'x', PATH: '/bin', CLAUDE_PROJECT_DIR: '/elsewhere' },
      isWithheld: (name) => name.endsWith('_API_KEY') || name.endsWith('_DIR'),
    });
    expect(environment).toEqual({
      A_API_KEY: undefined,
      LLXPRT_PROJECT_DIR: '/work/p',
      GEMINI_PROJECT_DIR: '/work/p',
      CLAUDE_PROJECT_DIR: '/work/p',
    });
    expect('PATH' in environment).toBe(false);
  });

  it("HOOK-188: the hook's own variables (its dialect's, its env) go last, over the project-dir variables and over a withheld name", () => {
    const environment = buildHookEnvironment({
      projectDir: '/work/p',
      inherited: { A_TOKEN: 'secret' },
      isWithheld: (name) => name === 'A_TOKEN',
      extra: { GEMINI_PROJECT_DIR: '/own', A_TOKEN: 'given-by-the-hook', OWN: '1' },
    });
    expect(environment).toEqual({
      A_TOKEN: 'given-by-the-hook',
      LLXPRT_PROJECT_DIR: '/work/p',
      GEMINI_PROJECT_DIR: '/own',
      CLAUDE_PROJECT_DIR: '/work/p',
      OWN: '1',
    });
  });
});

describe('Config.hookEnvironment with real hook processes', () => {
  async function namesSeenByHook(config: Config): Promise<string[]> {
    await executeToolWithHooks(config, 'read_file', { file_path: 'a' }, async () => ({
      llmContent: 'ok',
      returnDisplay: 'ok',
    }));
    return JSON.parse(readFileSync(join(scratch.path, 'names.json'), 'utf8')) as string[];
  }

  function configWithholding(withhold?: string[]): Config {
    return new Config({
      enableHooks: true,
      workingDir: scratch.path,
      hooks: { BeforeTool: [{ hooks: [fixtureHook('env-names.js', [join(scratch.path, 'names.json')])] }] },
      ...(withhold ? { hookEnvironment: { withhold } } : {}),
      logger: new DebugLogger('test', { sink: () => undefined }),
    });
  }

  it('HOOK-188: by default the hook inherits the host variable', async () => {
    expect(await namesSeenByHook(configWithholding())).toContain(secretName);
  });

  it('HOOK-188: withhold ["*_api_key"] keeps it from the hook; other variables still arrive', async () => {
    const names = await namesSeenByHook(configWithholding(['*_api_key']));
    expect(names).not.toContain(secretName);
    expect(names).toEqual(expect.arrayContaining(['PATH', 'CLAUDE_PROJECT_DIR']));
  });
});
