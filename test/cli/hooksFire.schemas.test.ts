/**
 * `hookrail hooks fire --show-input`: what each hook receives, in its dialect, conforms to the schema
 * the package ships for that dialect and event (schemas/<dialect>/<Event>.input.json).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateAgainstSchema } from '../../src/hooks/dialects/schemaValidator.js';
import { repositoryRoot, runHookrail, settingsJson, useCliSandbox } from '../helpers/cliProcess.js';

const sandbox = useCliSandbox();

interface FiredHook {
  dialect: string;
  stdin?: string;
}

function shippedSchema(dialect: string, eventName: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(join(repositoryRoot, 'schemas', dialect, `${eventName}.input.json`), 'utf8'),
  ) as Record<string, unknown>;
}

async function fire(args: string[]): Promise<FiredHook[]> {
  const result = await runHookrail(sandbox, ['hooks', 'fire', ...args, '--show-input', '--json']);
  expect(result.exitCode, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { hooks: FiredHook[] }).hooks;
}

describe('hooks fire --show-input against the shipped schemas', () => {
  it("a tool call fired at a native, a Claude Code and a Gemini CLI hook: each stdin conforms to its dialect's schema, before and after the tool", async () => {
    // Distinct commands: identical ones in several files run once (HOOK-090).
    const hook = (command: string) => [{ hooks: [{ type: 'command', command }] }];
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({ BeforeTool: hook('true native'), AfterTool: hook('true native') }),
    );
    await sandbox.writeHomeFile(
      '.claude/settings.json',
      settingsJson({ PreToolUse: hook('true claude'), PostToolUse: hook('true claude') }),
    );
    await sandbox.writeHomeFile(
      '.gemini/settings.json',
      settingsJson({ BeforeTool: hook('true gemini'), AfterTool: hook('true gemini') }),
    );
    const before = await fire([
      'BeforeTool',
      '--tool',
      'write_file',
      '--input',
      '{"file_path":"src/a.ts","content":"x"}',
    ]);
    const after = await fire([
      'AfterTool',
      '--tool',
      'write_file',
      '--input',
      '{"file_path":"src/a.ts","content":"x"}',
      '--response',
      '"wrote src/a.ts"',
    ]);
    const claudeNames: Record<string, string> = { BeforeTool: 'PreToolUse', AfterTool: 'PostToolUse' };
    for (const [eventName, hooks] of [
      ['BeforeTool', before],
      ['AfterTool', after],
    ] as const) {
      expect(hooks.map((hook) => hook.dialect).sort()).toEqual(['claude', 'gemini', 'native']);
      for (const hook of hooks) {
        const stdin = JSON.parse(hook.stdin ?? 'null') as unknown;
        const schema = shippedSchema(hook.dialect, hook.dialect === 'claude' ? claudeNames[eventName]! : eventName);
        expect(validateAgainstSchema(stdin, schema), `${hook.dialect} ${eventName}`).toEqual([]);
      }
    }
  });

  it("lifecycle events: Claude Code Stop, UserPromptSubmit and SessionStart stdin conform to Claude's schemas", async () => {
    await sandbox.writeHomeFile(
      '.claude/settings.json',
      settingsJson({
        Stop: [{ hooks: [{ type: 'command', command: 'true' }] }],
        UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'true' }] }],
        SessionStart: [{ hooks: [{ type: 'command', command: 'true' }] }],
      }),
    );
    for (const [eventName, payload] of [
      ['Stop', '{"last_assistant_message":"done"}'],
      ['UserPromptSubmit', '{"prompt":"hi"}'],
      ['SessionStart', '{"source":"startup"}'],
    ] as const) {
      const [hook] = await fire([eventName, '--payload', payload]);
      expect(
        validateAgainstSchema(JSON.parse(hook!.stdin ?? 'null'), shippedSchema('claude', eventName)),
        eventName,
      ).toEqual([]);
    }
  });

  it("HOOK-157: Claude Code's moment events PostCompact, StopFailure and SubagentStart, fired with the reference's payloads: each stdin conforms to its closed shipped schema", async () => {
    const hook = [{ hooks: [{ type: 'command', command: 'true' }] }];
    await sandbox.writeHomeFile(
      '.claude/settings.json',
      settingsJson({ PostCompact: hook, StopFailure: hook, SubagentStart: hook }),
    );
    for (const eventName of ['PostCompact', 'StopFailure', 'SubagentStart']) {
      const documented = JSON.parse(
        readFileSync(
          join(repositoryRoot, 'test', 'fixtures', 'payloads', 'claude', 'events', `${eventName}.json`),
          'utf8',
        ),
      ) as Record<string, unknown>;
      const {
        session_id: _session,
        transcript_path: _transcript,
        cwd: _cwd,
        hook_event_name: _name,
        ...fields
      } = documented;
      const [fired] = await fire([eventName, '--payload', JSON.stringify(fields)]);
      const stdin = JSON.parse(fired!.stdin ?? 'null') as Record<string, unknown>;
      const schema = shippedSchema('claude', eventName);
      expect(schema['additionalProperties'], eventName).toBe(false);
      expect(validateAgainstSchema(stdin, schema), eventName).toEqual([]);
      expect(stdin, eventName).toMatchObject({ hook_event_name: eventName, ...fields });
    }
  });
});
