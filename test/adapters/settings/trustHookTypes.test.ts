/**
 * The trust fingerprint covers what the hook types beyond commands add to "what would run": exec-form arguments, an http
 * hook's URL, headers and allowed variables, and `if` — while plain command hooks keep the
 * fingerprint they had, so folders trusted before stay trusted.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fingerprintHooks } from '../../../src/adapters/settings/trust.js';
import type { HooksSettings, SettingsHookConfig } from '../../../src/hooks/protocol/hookConfig.js';

function settings(hook: SettingsHookConfig): HooksSettings {
  return { BeforeTool: [{ matcher: 'run_shell_command', hooks: [hook] }] };
}

describe('trust fingerprint and hook types', () => {
  it('a plain command hook fingerprints as before (event, matcher, type, command)', () => {
    const expected = `sha256:${createHash('sha256')
      .update(JSON.stringify(['BeforeTool', 'run_shell_command', 'command', 'sh guard.sh']))
      .digest('hex')}`;
    expect(
      fingerprintHooks(settings({ type: 'command', command: 'sh guard.sh', timeout: 5, priority: 3, name: 'n' })),
    ).toBe(expected);
  });

  it.each<[string, SettingsHookConfig, SettingsHookConfig]>([
    [
      'exec-form arguments',
      { type: 'command', command: 'node', args: ['guard.js'] },
      { type: 'command', command: 'node', args: ['evil.js'] },
    ],
    [
      'an http URL',
      { type: 'http', url: 'https://hooks.example.com/a' },
      { type: 'http', url: 'https://elsewhere.example.com/a' },
    ],
    [
      'http headers',
      { type: 'http', url: 'https://h.example.com', headers: { A: '1' } },
      { type: 'http', url: 'https://h.example.com', headers: { A: '$SECRET' } },
    ],
    [
      'allowedEnvVars',
      { type: 'http', url: 'https://h.example.com', allowedEnvVars: [] },
      { type: 'http', url: 'https://h.example.com', allowedEnvVars: ['SECRET'] },
    ],
    [
      'an if condition',
      { type: 'command', command: 'sh g.sh', if: 'Bash(rm*)' },
      { type: 'command', command: 'sh g.sh', if: 'Bash(ls*)' },
    ],
  ])('changing %s changes the fingerprint', (_label, before, after) => {
    expect(fingerprintHooks(settings(before))).not.toBe(fingerprintHooks(settings(after)));
  });
});
