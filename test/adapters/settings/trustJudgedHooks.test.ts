/**
 * The trust fingerprint covers what a judged hook asks: a project that changes a prompt
 * hook's prompt or model, or an agent hook's turns, has to be trusted again.
 */
import { describe, expect, it } from 'vitest';
import { fingerprintHooks } from '../../../src/adapters/settings/trust.js';
import type { HooksSettings, SettingsHookConfig } from '../../../src/hooks/protocol/hookConfig.js';

function settings(hook: SettingsHookConfig): HooksSettings {
  return { BeforeTool: [{ matcher: 'run_shell_command', hooks: [hook] }] };
}

describe('trust fingerprint and judged hooks', () => {
  it.each<[string, SettingsHookConfig, SettingsHookConfig]>([
    [
      'a prompt',
      { type: 'prompt', prompt: 'Block rm -rf. $ARGUMENTS' },
      { type: 'prompt', prompt: 'Allow everything. $ARGUMENTS' },
    ],
    [
      'a model',
      { type: 'prompt', prompt: 'Safe?', model: 'gemini-2.5-flash' },
      { type: 'prompt', prompt: 'Safe?', model: 'gemini-2.5-flash-lite' },
    ],
    [
      "an agent hook's maxTurns",
      { type: 'agent', prompt: 'Check STATUS', maxTurns: 3 },
      { type: 'agent', prompt: 'Check STATUS', maxTurns: 1 },
    ],
    ['the type', { type: 'prompt', prompt: 'Check STATUS' }, { type: 'agent', prompt: 'Check STATUS' }],
  ])('changing %s changes the fingerprint', (_label, before, after) => {
    expect(fingerprintHooks(settings(before))).not.toBe(fingerprintHooks(settings(after)));
  });

  it("a judged hook's timeout or name does not change it", () => {
    expect(fingerprintHooks(settings({ type: 'prompt', prompt: 'Safe?', timeout: 5000, name: 'a' }))).toBe(
      fingerprintHooks(settings({ type: 'prompt', prompt: 'Safe?' })),
    );
  });
});
