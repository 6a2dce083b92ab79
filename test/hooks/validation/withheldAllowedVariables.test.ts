/**
 * findWithheldAllowedVariables alone: which `allowedEnvVars` entries of http hooks a
 * `hookEnvironment.withhold` pattern keeps from every hook, matched as the runner matches them.
 */
import { describe, expect, it } from 'vitest';
import type { SettingsHookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import { findWithheldAllowedVariables } from '../../../src/hooks/validation/withheldAllowedVariables.js';

const httpHook = (fields: Record<string, unknown>): SettingsHookConfig =>
  ({ type: 'http', url: 'http://127.0.0.1:9/', ...fields }) as SettingsHookConfig;

describe('findWithheldAllowedVariables', () => {
  it("HOOK-188: names the hook, the variable, the matching pattern and the headers that lose it, at the entry's JSON path", () => {
    const problems = findWithheldAllowedVariables({
      hooks: [
        {
          path: 'hooks.BeforeTool[2].hooks[0]',
          config: httpHook({
            name: 'audit',
            headers: { A: '$SERVICE_KEY', B: 'x ${SERVICE_KEY}', C: 'plain' },
            allowedEnvVars: ['REGION', 'SERVICE_KEY'],
          }),
        },
      ],
      withhold: ['REGION_X', '*_key'],
    });
    expect(problems).toEqual([
      {
        path: 'hooks.BeforeTool[2].hooks[0].allowedEnvVars[1]',
        message:
          'http hook "audit" lists $SERVICE_KEY in allowedEnvVars, but hookEnvironment.withhold ("*_key") keeps it from every hook, ' +
          'so headers A, B are sent with it empty; remove it from allowedEnvVars, or from hookEnvironment.withhold to send it',
        severity: 'warning',
      },
    ]);
  });

  it('HOOK-188: no warning for other hook types, for the project-dir variables, or without any withhold pattern', () => {
    const command = {
      path: 'hooks.AfterTool[0].hooks[0]',
      config: { type: 'command', command: 'echo', allowedEnvVars: ['SECRET'] } as unknown as SettingsHookConfig,
    };
    const http = {
      path: 'hooks.AfterTool[1].hooks[0]',
      config: httpHook({ allowedEnvVars: ['GEMINI_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'] }),
    };
    expect(findWithheldAllowedVariables({ hooks: [command, http], withhold: ['*'] })).toEqual([]);
    expect(
      findWithheldAllowedVariables({
        hooks: [{ ...http, config: httpHook({ allowedEnvVars: ['SECRET'] }) }],
        withhold: [],
      }),
    ).toEqual([]);
  });
});
