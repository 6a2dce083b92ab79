/**
 * The payload JSON Schemas: the files shipped under `hookrail/schemas/` are the ones the code describes
 * (regenerate with `npm run schemas`), the package exports them, the checker finds what breaks a schema,
 * and the stdin every dialect speaker sends for every event conforms to its dialect's schema.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openHookConversation } from '../../../src/hooks/dialects/conversation.js';
import { payloadSchemas } from '../../../src/hooks/dialects/payloadSchemas.js';
import { validateAgainstSchema } from '../../../src/hooks/dialects/schemaValidator.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { HookInput } from '../../../src/hooks/protocol/inputs.js';
import { repositoryRoot } from '../../helpers/cliProcess.js';

const dialects = ['native', 'claude', 'gemini'] as const;

/** A native input for each event, as the triggers build them. */
const inputs: Array<[HookEventName, Record<string, unknown>, { subagent?: boolean }?]> = [
  [HookEventName.BeforeTool, { tool_name: 'run_shell_command', tool_input: { command: 'npm test' } }],
  [
    HookEventName.AfterTool,
    {
      tool_name: 'write_file',
      tool_input: { file_path: 'a.ts', content: 'x' },
      tool_response: { llmContent: 'wrote a.ts', returnDisplay: 'wrote', metadata: {} },
    },
  ],
  [HookEventName.BeforeTool, { tool_name: 'mcp__github__create_issue', tool_input: { title: 'flaky test' } }],
  [
    HookEventName.AfterTool,
    {
      tool_name: 'search_file_content',
      tool_input: { pattern: 'TODO' },
      tool_response: { llmContent: 'a.ts:1', returnDisplay: '1 match', metadata: {} },
    },
  ],
  [
    HookEventName.AfterTool,
    {
      tool_name: 'run_shell_command',
      tool_input: { command: 'false' },
      tool_response: { llmContent: 'failed', returnDisplay: 'failed', error: { message: 'exit 1' } },
    },
  ],
  [HookEventName.BeforeAgent, { prompt: 'fix the test' }],
  [HookEventName.AfterAgent, { prompt: 'fix the test', prompt_response: 'done', stop_hook_active: false }],
  [
    HookEventName.AfterAgent,
    { prompt: 'fix the test', prompt_response: 'done', stop_hook_active: true },
    { subagent: true },
  ],
  [HookEventName.SessionStart, { source: 'startup' }],
  [HookEventName.SessionEnd, { reason: 'exit' }],
  [HookEventName.PreCompress, { trigger: 'auto' }],
  [HookEventName.Notification, { notification_type: 'ToolPermission', message: 'a hook asks', details: {} }],
  [HookEventName.BeforeModel, { llm_request: { model: 'm', messages: [] } }],
  [HookEventName.AfterModel, { llm_request: { model: 'm', messages: [] }, llm_response: { candidates: [] } }],
  [HookEventName.BeforeToolSelection, { llm_request: { model: 'm', messages: [] } }],
];

function nativeInput(eventName: HookEventName, fields: Record<string, unknown>): HookInput {
  return {
    session_id: 's1',
    transcript_path: '/tmp/t.jsonl',
    cwd: '/work/shop',
    hook_event_name: eventName,
    timestamp: '2026-11-27T00:00:00.000Z',
    ...fields,
  } as HookInput;
}

describe('payload JSON Schemas', () => {
  it('the files under schemas/ are exactly what payloadSchemas() describes, for every dialect and event', () => {
    for (const dialect of dialects) {
      const described = payloadSchemas(dialect);
      const shipped = readdirSync(join(repositoryRoot, 'schemas', dialect)).sort();
      expect(shipped).toEqual(
        Object.keys(described)
          .flatMap((eventName) => [`${eventName}.input.json`, `${eventName}.output.json`])
          .sort(),
      );
      for (const [eventName, schemas] of Object.entries(described)) {
        for (const side of ['input', 'output'] as const) {
          expect(
            JSON.parse(readFileSync(join(repositoryRoot, 'schemas', dialect, `${eventName}.${side}.json`), 'utf8')),
          ).toEqual(schemas[side]);
        }
      }
    }
  });

  it('the package ships and exports them as hookrail/schemas/...', () => {
    const manifest = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
      files: string[];
      exports: Record<string, unknown>;
    };
    expect(manifest.files).toContain('schemas');
    expect(manifest.exports['./schemas/*']).toBe('./schemas/*');
  });

  it('the checker reports a missing field, a wrong type, a wrong constant and a field the schema does not list, each with its path', () => {
    const schema = payloadSchemas('claude')['PreToolUse']!.input;
    expect(
      validateAgainstSchema(
        {
          session_id: 's',
          transcript_path: '',
          cwd: '/',
          permission_mode: 'default',
          hook_event_name: 'PostToolUse',
          tool_name: 3,
          extra: true,
        },
        schema,
      ),
    ).toEqual([
      '$: missing required field "tool_input"',
      '$.hook_event_name: expected "PreToolUse", got "PostToolUse"',
      '$.tool_name: expected string, got number',
      '$: field "extra" is not in the schema',
    ]);
  });

  it('the checker names the kind of value it got, checks every item of a list, and stops at a wrong type', () => {
    const schema = {
      type: 'object',
      required: ['calls'],
      properties: {
        calls: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } },
        note: { type: 'null' },
        details: { type: 'object', required: ['kind'] },
      },
    };
    expect(
      validateAgainstSchema({ calls: [{ id: 1 }, { id: 1.5 }, {}], note: null, details: { kind: 'x' } }, schema),
    ).toEqual(['$.calls[1].id: expected integer, got number', '$.calls[2]: missing required field "id"']);
    expect(validateAgainstSchema({ calls: {}, note: 'n', details: [] }, schema)).toEqual([
      '$.calls: expected array, got object',
      '$.note: expected null, got string',
      '$.details: expected object, got an array',
    ]);
    expect(validateAgainstSchema(null, schema)).toEqual(['$: expected object, got null']);
    expect(validateAgainstSchema([{ id: 1 }], schema)).toEqual(['$: expected object, got an array']);
    // Without a type, a list is still checked item by item, and an object's required fields still count.
    expect(validateAgainstSchema([{ id: 'a' }], { items: schema.properties.calls.items })).toEqual([
      '$[0].id: expected integer, got string',
    ]);
    expect(validateAgainstSchema({ id: 1 }, { items: schema.properties.calls.items })).toEqual([]);
    expect(validateAgainstSchema([], { required: ['id'] })).toEqual([]);
  });

  it("every dialect speaker's stdin, for every event, conforms to its dialect's schema", () => {
    for (const dialect of dialects) {
      const schemas = payloadSchemas(dialect);
      for (const [eventName, fields, facts] of inputs) {
        const conversation = openHookConversation({
          hookConfig: { type: 'command', command: 'true', ...(dialect !== 'native' ? { dialect } : {}) },
          eventName,
          input: nativeInput(eventName, fields),
          toolUseId: 'toolu_1',
          subagent: facts?.subagent,
        });
        const stdin = JSON.parse(conversation.stdin) as Record<string, unknown>;
        const schema = schemas[conversation.eventName];
        // Claude Code has no model events: their stdin stays native.
        const checked = schema ?? payloadSchemas('native')[conversation.eventName]!;
        expect(validateAgainstSchema(stdin, checked.input), `${dialect} ${conversation.eventName}`).toEqual([]);
      }
    }
  });

  it('answers written as the references document them conform to the answer schemas', () => {
    const claude = payloadSchemas('claude');
    expect(
      validateAgainstSchema(
        {
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'deny',
            permissionDecisionReason: 'no',
          },
        },
        claude['PreToolUse']!.output,
      ),
    ).toEqual([]);
    expect(
      validateAgainstSchema(
        { hookSpecificOutput: { hookEventName: 'PostToolUse', updatedToolOutput: 'redacted' } },
        claude['PostToolUse']!.output,
      ),
    ).toEqual([]);
    expect(validateAgainstSchema({ decision: 'block', reason: 'keep going' }, claude['Stop']!.output)).toEqual([]);
    expect(
      validateAgainstSchema({ hookSpecificOutput: { permissionDecision: 'maybe' } }, claude['PreToolUse']!.output),
    ).toEqual(['$.hookSpecificOutput.permissionDecision: expected one of ["allow","deny","ask","defer"], got "maybe"']);
    const gemini = payloadSchemas('gemini');
    expect(
      validateAgainstSchema({ decision: 'deny', reason: 'the output held an API key' }, gemini['AfterTool']!.output),
    ).toEqual([]);
    expect(validateAgainstSchema({ decision: 'yes' }, gemini['BeforeTool']!.output)).toEqual([
      '$.decision: expected one of ["allow","deny","block","ask","approve"], got "yes"',
    ]);
  });
});
