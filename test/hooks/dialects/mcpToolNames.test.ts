/**
 * MCP tool names in each dialect: `mcp__SERVER__TOOL` for native and Claude Code hooks, Gemini CLI's
 * `mcp_SERVER_TOOL` (cleaned and shortened as Gemini CLI does) for Gemini hooks, and both names for
 * matchers and `if` conditions.
 */
import { Config } from '../../../src/hooks/engine/config.js';
import { describe, expect, it } from 'vitest';
import { toolMatcherApplies } from '../../../src/hooks/dialects/matching.js';
import {
  MCP_TOOL_PREFIX,
  normalizeMcpNamePart,
  parseMcpToolName,
  toGeminiMcpToolName,
  toMcpToolName,
} from '../../../src/hooks/dialects/mcpToolNames.js';
import { toGeminiInput } from '../../../src/hooks/dialects/gemini.js';
import { toGeminiToolName, toolNameAliases } from '../../../src/hooks/dialects/toolNames.js';
import { checkIfCondition } from '../../../src/hooks/matching/ifCondition.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';

const regexTest = (pattern: string, name: string): boolean => new RegExp(pattern).test(name);

describe('MCP tool names', () => {
  it("names a tool mcp__SERVER__TOOL with every character outside A-Z a-z 0-9 _ - made _ (Claude Code's naming)", () => {
    expect(MCP_TOOL_PREFIX).toBe('mcp__');
    expect(toMcpToolName({ server: 'github', tool: 'create_issue' })).toBe('mcp__github__create_issue');
    expect(toMcpToolName({ server: 'my server.io', tool: 'get/item' })).toBe('mcp__my_server_io__get_item');
    expect(normalizeMcpNamePart('a-b_c.d e')).toBe('a-b_c_d_e');
  });

  it('parses mcp__SERVER__TOOL at the first __ after the prefix, and nothing else', () => {
    expect(parseMcpToolName('mcp__github__create_issue')).toEqual({ server: 'github', tool: 'create_issue' });
    expect(parseMcpToolName('mcp__github__list__all')).toEqual({ server: 'github', tool: 'list__all' });
    for (const name of ['run_shell_command', 'mcp__github', 'mcp__github__', 'mcp____tool', 'mcp_github_create_issue'])
      expect(parseMcpToolName(name)).toBeUndefined();
  });

  it('a tool of your own with __ in its name but no mcp__ prefix is no MCP tool: Gemini CLI hooks see its own name', () => {
    expect(parseMcpToolName('search__files')).toBeUndefined();
    expect(parseMcpToolName('deploy__staging__now')).toBeUndefined();
    expect(toGeminiToolName('search__files')).toBe('search__files');
    expect(toolNameAliases('search__files')).toEqual(['search__files']);
  });

  it('gives Gemini CLI hooks mcp_SERVER_TOOL: invalid characters _, a leading _ where needed, over 63 characters 30 + ... + 30', () => {
    expect(toGeminiMcpToolName({ server: 'github', tool: 'create_issue' })).toBe('mcp_github_create_issue');
    expect(toGeminiMcpToolName({ server: 'my server', tool: 'a/b' })).toBe('mcp_my_server_a_b');
    // Gemini's function names allow `.`, `:` and `-`: they stay, where Claude Code's naming makes them `_`.
    expect(toGeminiMcpToolName({ server: 'docs.v2', tool: 'search:all-pages' })).toBe('mcp_docs.v2_search:all-pages');
    expect(toGeminiToolName('mcp__docs.v2__search:all')).toBe('mcp_docs.v2_search:all');
    const long = toGeminiMcpToolName({ server: 'server', tool: 'x'.repeat(80) });
    expect(long).toBe(`${`mcp_server_${'x'.repeat(80)}`.slice(0, 30)}...${'x'.repeat(30)}`);
    expect(long).toHaveLength(63);
    // 63 characters are Gemini CLI's limit: a name of exactly that length is kept whole.
    const atLimit = toGeminiMcpToolName({ server: 'server', tool: 'y'.repeat(52) });
    expect(atLimit).toBe(`mcp_server_${'y'.repeat(52)}`);
    expect(atLimit).toHaveLength(63);
    expect(toGeminiMcpToolName({ server: 'server', tool: 'y'.repeat(53) })).toBe(
      `mcp_server_${'y'.repeat(19)}...${'y'.repeat(30)}`,
    );
    expect(toGeminiToolName('mcp__github__create_issue')).toBe('mcp_github_create_issue');
    expect(toGeminiToolName('run_shell_command')).toBe('run_shell_command');
  });

  it('a Gemini CLI hook is told mcp_SERVER_TOOL and an mcp_context on BeforeTool and AfterTool; other tools are unchanged', () => {
    const input = { tool_name: 'mcp__github__create_issue', tool_input: { title: 't' } };
    expect(toGeminiInput(HookEventName.BeforeTool, input)).toEqual({
      tool_name: 'mcp_github_create_issue',
      tool_input: { title: 't' },
      mcp_context: { server_name: 'github', tool_name: 'create_issue' },
    });
    expect(
      toGeminiInput(HookEventName.AfterTool, {
        ...input,
        tool_response: { llmContent: 'ok', returnDisplay: 'ok', metadata: { a: 1 } },
      }),
    ).toEqual({
      tool_name: 'mcp_github_create_issue',
      tool_input: { title: 't' },
      mcp_context: { server_name: 'github', tool_name: 'create_issue' },
      tool_response: { llmContent: 'ok', returnDisplay: 'ok' },
    });
    const builtin = { tool_name: 'read_file', tool_input: {} };
    expect(toGeminiInput(HookEventName.BeforeTool, builtin)).toBe(builtin);
  });

  it("a server the Config describes: mcp_context also says how it is reached (command, args, cwd or url), as Gemini CLI's does", () => {
    const servers = {
      github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], cwd: '/work' },
      docs: { url: 'https://docs.example/mcp' },
    };
    expect(
      toGeminiInput(HookEventName.BeforeTool, { tool_name: 'mcp__github__create_issue', tool_input: {} }, servers)[
        'mcp_context'
      ],
    ).toEqual({
      server_name: 'github',
      tool_name: 'create_issue',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-github'],
      cwd: '/work',
    });
    expect(
      toGeminiInput(HookEventName.BeforeTool, { tool_name: 'mcp__docs__search', tool_input: {} }, servers)[
        'mcp_context'
      ],
    ).toEqual({ server_name: 'docs', tool_name: 'search', url: 'https://docs.example/mcp' });
    // A server the Config does not describe: its names only.
    expect(
      toGeminiInput(HookEventName.BeforeTool, { tool_name: 'mcp__other__x', tool_input: {} }, servers)['mcp_context'],
    ).toEqual({ server_name: 'other', tool_name: 'x' });
  });

  it('Config.mcpServers is keyed as the names appear in tool names', () => {
    const config = new Config({ mcpServers: { 'my server': { command: 'node', args: ['s.js'] } } });
    expect(config.getMcpServers()).toEqual({ my_server: { command: 'node', args: ['s.js'] } });
  });

  it("HOOK-087: matchers in either naming select the MCP tool, in every dialect; Claude's exact list needs the full name", () => {
    expect(toolNameAliases('mcp__github__create_issue')).toEqual([
      'mcp__github__create_issue',
      'mcp_github_create_issue',
    ]);
    for (const dialect of ['native', 'claude', 'gemini'] as const) {
      for (const matcher of [
        'mcp__github__.*',
        'mcp_github_.*',
        'mcp__github__create_issue',
        'mcp_github_create_issue',
      ]) {
        expect(toolMatcherApplies({ dialect, matcher, toolName: 'mcp__github__create_issue', regexTest })).toBe(true);
      }
      expect(
        toolMatcherApplies({ dialect, matcher: 'mcp__gitlab__.*', toolName: 'mcp__github__create_issue', regexTest }),
      ).toBe(false);
    }
    expect(
      toolMatcherApplies({
        dialect: 'claude',
        matcher: 'mcp__github',
        toolName: 'mcp__github__create_issue',
        regexTest,
      }),
    ).toBe(false);
  });

  it('an if condition naming the MCP tool in either naming holds for its calls', () => {
    expect(checkIfCondition('mcp__github__create_issue', 'mcp__github__create_issue', { title: 't' })).toBe(true);
    expect(checkIfCondition('mcp_github_create_issue', 'mcp__github__create_issue', { title: 't' })).toBe(true);
    expect(checkIfCondition('mcp__github__delete_repo', 'mcp__github__create_issue', { title: 't' })).toBe(false);
  });
});
