/**
 * HOOK-188 and `hookEnvironment.withhold`: every hook inherits the host's environment by default;
 * variables named (or matched by a glob) in `hookEnvironment.withhold` reach no hook process; an
 * untrusted project cannot set it, nor can an http hook's allowedEnvVars read a withheld variable;
 * `hooks validate` mentions the option when project hooks meet key-like variables. Real CLI
 * processes, a real hook that reports the names it received, a real http server on 127.0.0.1.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath, runHookrail, settingsJson, useCliSandbox } from '../helpers/cliProcess.js';
import { startHookServer } from '../helpers/httpHookServer.js';

const sandbox = useCliSandbox();

const hostVariables = {
  GEMINI_API_KEY: 'gemini-secret',
  AWS_SECRET_ACCESS_KEY: 'aws-secret',
  AWS_REGION: 'eu-west-1',
  HOOKRAIL_PLAIN_VALUE: 'plain',
};

/** A BeforeTool hook that writes the names of the variables it received to `env-names.json` in the project. */
function envNamesHooks(): Record<string, unknown> {
  return {
    BeforeTool: [
      {
        hooks: [
          {
            type: 'command',
            command: `node "${fixturePath('hooks/env-names.js')}" "${join(sandbox.project, 'env-names.json')}"`,
          },
        ],
      },
    ],
  };
}

async function namesTheHookReceived(): Promise<string[]> {
  const result = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', 'run_shell_command'], {
    env: hostVariables,
  });
  expect(result.exitCode).toBe(0);
  return JSON.parse(readFileSync(join(sandbox.project, 'env-names.json'), 'utf8')) as string[];
}

describe('hookEnvironment.withhold', () => {
  it('HOOK-188: by default a hook inherits every variable of the host, API keys included', async () => {
    await sandbox.writeHomeFile('.hookrail/settings.json', settingsJson(envNamesHooks()));
    const names = await namesTheHookReceived();
    expect(names).toEqual(
      expect.arrayContaining([
        'GEMINI_API_KEY',
        'AWS_SECRET_ACCESS_KEY',
        'AWS_REGION',
        'HOOKRAIL_PLAIN_VALUE',
        'CLAUDE_PROJECT_DIR',
      ]),
    );
  });

  it('HOOK-188: withheld names and globs ("*_API_KEY", "aws_*", case-insensitive) reach no hook; the rest and the project-dir variables still do', async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson(envNamesHooks(), { hookEnvironment: { withhold: ['*_API_KEY', 'aws_*'] } }),
    );
    const names = await namesTheHookReceived();
    expect(names).not.toContain('GEMINI_API_KEY');
    expect(names).not.toContain('AWS_SECRET_ACCESS_KEY');
    expect(names).not.toContain('AWS_REGION');
    expect(names).toEqual(
      expect.arrayContaining([
        'HOOKRAIL_PLAIN_VALUE',
        'PATH',
        'HOME',
        'CLAUDE_PROJECT_DIR',
        'GEMINI_PROJECT_DIR',
        'LLXPRT_PROJECT_DIR',
      ]),
    );
  });

  it("HOOK-188: an http hook's allowedEnvVars cannot carry a withheld variable into a header; a warning names the hook and the variable", async () => {
    const server = await startHookServer();
    try {
      const hook = {
        type: 'http',
        name: 'region-gate',
        url: server.url('/empty'),
        headers: { Authorization: 'Bearer $GEMINI_API_KEY', 'X-Plain': '$HOOKRAIL_PLAIN_VALUE' },
        allowedEnvVars: ['GEMINI_API_KEY', 'HOOKRAIL_PLAIN_VALUE'],
      };
      await sandbox.writeHomeFile(
        '.hookrail/settings.json',
        settingsJson({ BeforeTool: [{ hooks: [hook] }] }, { hookEnvironment: { withhold: ['*_API_KEY'] } }),
      );
      const result = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', 'run_shell_command'], {
        env: hostVariables,
      });
      expect(result.exitCode).toBe(0);
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]!.headers['authorization']).toBe('Bearer');
      expect(server.requests[0]!.headers['x-plain']).toBe('plain');
      expect(JSON.stringify(server.requests[0]!.headers)).not.toContain('gemini-secret');
      expect(result.stderr).toContain(
        'http hook "region-gate": header Authorization uses $GEMINI_API_KEY, which its allowedEnvVars lists but hookEnvironment.withhold keeps from every hook; sent empty',
      );
    } finally {
      await server.close();
    }
  });

  it('a malformed hookEnvironment is a warning naming its JSON path', async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson(envNamesHooks(), { hookEnvironment: { withhold: ['*_TOKEN', 7], keep: [] } }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate']);
    expect(result.stdout).toContain(
      '~/.hookrail/settings.json: hookEnvironment.withhold[1]: expected a variable name or glob pattern (a non-empty string); ignored',
    );
    expect(result.stdout).toContain('~/.hookrail/settings.json: hookEnvironment.keep: unknown key; expected withhold');
  });
});

describe('hooks validate mentions hookEnvironment', () => {
  const keyLike = {
    GITHUB_TOKEN: 'ghp-secret',
    OPENAI_API_KEY: 'sk-secret',
    DB_PASSWORD: 'pw',
    HOOKRAIL_PLAIN_VALUE: 'plain',
  };

  it('when a project hook meets key-like variables: names them (never their values) and shows the option', async () => {
    await sandbox.writeProjectFile(
      '.hookrail/settings.json',
      settingsJson({ BeforeTool: [{ hooks: [{ type: 'command', command: 'echo project-hook' }] }] }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate'], { env: keyLike });
    expect(result.stdout).toContain(
      'note: project hooks receive every variable of your environment, including DB_PASSWORD, GITHUB_TOKEN, OPENAI_API_KEY',
    );
    expect(result.stdout).toContain('"hookEnvironment": { "withhold": [');
    expect(result.stdout).not.toContain('ghp-secret');
    expect(result.stdout).not.toContain('sk-secret');
    const json = JSON.parse((await runHookrail(sandbox, ['hooks', 'validate', '--json'], { env: keyLike })).stdout) as {
      notes: string[];
    };
    expect(json.notes).toEqual([expect.stringContaining('GITHUB_TOKEN')]);
  });

  it('says nothing when those variables are withheld, or when there is no project hook', async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({ BeforeTool: [{ hooks: [{ type: 'command', command: 'echo user-hook' }] }] }),
    );
    const userOnly = await runHookrail(sandbox, ['hooks', 'validate'], { env: keyLike });
    expect(userOnly.stdout).not.toContain('hookEnvironment');

    await sandbox.writeProjectFile(
      '.hookrail/settings.json',
      settingsJson({ BeforeTool: [{ hooks: [{ type: 'command', command: 'echo project-hook' }] }] }),
    );
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({}, { hookEnvironment: { withhold: ['*_TOKEN', '*_API_KEY', '*PASSWORD*'] } }),
    );
    const withheld = await runHookrail(sandbox, ['hooks', 'validate'], { env: keyLike });
    expect(withheld.stdout).not.toContain('note: project hooks receive');
  });

  it('HOOK-188: hooks validate FILE prints the same note as the form without FILE, for a project file or a file of its own', async () => {
    const projectFile = await sandbox.writeProjectFile(
      '.hookrail/settings.json',
      settingsJson({ BeforeTool: [{ hooks: [{ type: 'command', command: 'echo project-hook' }] }] }),
    );
    const noFile = await runHookrail(sandbox, ['hooks', 'validate'], { env: keyLike });
    const project = await runHookrail(sandbox, ['hooks', 'validate', projectFile], { env: keyLike });
    const note =
      'note: project hooks receive every variable of your environment, including DB_PASSWORD, GITHUB_TOKEN, OPENAI_API_KEY';
    expect(noFile.stdout).toContain(note);
    expect(project.exitCode).toBe(0);
    expect(project.stdout).toContain(note);
    expect(project.stdout).toContain('"hookEnvironment": { "withhold": [');
    const json = JSON.parse(
      (await runHookrail(sandbox, ['hooks', 'validate', '--json', projectFile], { env: keyLike })).stdout,
    ) as { notes: string[] };
    expect(json.notes).toEqual([expect.stringContaining('GITHUB_TOKEN')]);

    // A file outside the settings (say, one for --settings) with hooks, in a project without any: its hooks would inherit them.
    await sandbox.writeProjectFile('.hookrail/settings.json', settingsJson({}));
    await sandbox.writeProjectFile(
      'ci-hooks.json',
      settingsJson({ AfterTool: [{ hooks: [{ type: 'command', command: 'echo ci' }] }] }),
    );
    const extra = await runHookrail(sandbox, ['hooks', 'validate', 'ci-hooks.json'], { env: keyLike });
    expect(extra.stdout).toContain(
      'note: the hooks of ci-hooks.json receive every variable of your environment, including DB_PASSWORD, GITHUB_TOKEN, OPENAI_API_KEY',
    );
    expect(extra.stdout).not.toContain('sk-secret');
  });

  it("HOOK-188: hooks validate FILE says nothing for the user's own file without project hooks, or when the variables are withheld", async () => {
    const userFile = await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({ BeforeTool: [{ hooks: [{ type: 'command', command: 'echo user-hook' }] }] }),
    );
    const own = await runHookrail(sandbox, ['hooks', 'validate', userFile], { env: keyLike });
    expect(own.exitCode).toBe(0);
    expect(own.stdout).not.toContain('note:');

    const projectFile = await sandbox.writeProjectFile(
      '.hookrail/settings.json',
      settingsJson({ BeforeTool: [{ hooks: [{ type: 'command', command: 'echo project-hook' }] }] }),
    );
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({}, { hookEnvironment: { withhold: ['*_TOKEN', '*_API_KEY', '*PASSWORD*'] } }),
    );
    const withheld = await runHookrail(sandbox, ['hooks', 'validate', projectFile], { env: keyLike });
    expect(withheld.stdout).not.toContain('note:');
  });

  it('an untrusted project cannot set hookEnvironment: it is left out like its other settings', async () => {
    await sandbox.writeHomeFile('.hookrail/settings.json', settingsJson(envNamesHooks()));
    await sandbox.writeProjectFile(
      '.hookrail/settings.json',
      JSON.stringify({ hookEnvironment: { withhold: ['PATH', 'HOME'] } }),
    );
    const names = await namesTheHookReceived();
    expect(names).toEqual(expect.arrayContaining(['PATH', 'HOME']));
  });
});
