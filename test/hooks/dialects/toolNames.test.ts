/** Tool names in both dialects: every mapping round-trips, and matchers see either dialect's name. */
import { describe, expect, it } from 'vitest';
import {
  claudeToolNames,
  isClaudeToolName,
  nativeToClaudeToolNames,
  toClaudeToolName,
  toNativeToolName,
  toolNameAliases,
} from '../../../src/hooks/dialects/toolNames.js';

const pairs: Array<[string, string]> = [
  ['run_shell_command', 'Bash'],
  ['read_file', 'Read'],
  ['write_file', 'Write'],
  ['replace', 'Edit'],
  ['glob', 'Glob'],
  ['search_file_content', 'Grep'],
  ['list_directory', 'LS'],
];

describe('tool names: native ⇄ Claude Code', () => {
  it.each(pairs)('%s ⇄ %s round-trips both ways', (native, claude) => {
    expect(toClaudeToolName(native)).toBe(claude);
    expect(toNativeToolName(claude)).toBe(native);
    expect(toNativeToolName(toClaudeToolName(native))).toBe(native);
    expect(toClaudeToolName(toNativeToolName(claude))).toBe(claude);
    expect(isClaudeToolName(claude)).toBe(true);
    expect(isClaudeToolName(native)).toBe(false);
  });

  it("the tables are exactly the table in docs/architecture.md (plus Gemini CLI's newer grep_search name for Grep)", () => {
    expect(claudeToolNames).toEqual(Object.fromEntries(pairs.map(([native, claude]) => [claude, native])));
    expect(nativeToClaudeToolNames).toEqual({ ...Object.fromEntries(pairs), grep_search: 'Grep' });
    expect(toClaudeToolName('grep_search')).toBe('Grep');
  });

  it('names with no counterpart — host tools and mcp__<server>__<tool> — are the same in both dialects', () => {
    for (const name of ['mcp__memory__create_entities', 'mcp__github__create_issue', 'deploy', 'WebFetch']) {
      expect(toClaudeToolName(name)).toBe(name);
      expect(toNativeToolName(name)).toBe(name);
    }
    expect(toolNameAliases('deploy')).toEqual(['deploy']);
    expect(toolNameAliases('WebFetch')).toEqual(['WebFetch']);
    // An MCP tool's other name is Gemini CLI's (mcpToolNames.test.ts).
    expect(toolNameAliases('mcp__memory__create_entities')).toEqual([
      'mcp__memory__create_entities',
      'mcp_memory_create_entities',
    ]);
  });

  it('every name of a tool, its own first, for matchers in either dialect', () => {
    expect(toolNameAliases('run_shell_command')).toEqual(['run_shell_command', 'Bash']);
    expect(toolNameAliases('Bash')).toEqual(['Bash', 'run_shell_command']);
    expect(toolNameAliases('grep_search')).toEqual(['grep_search', 'Grep', 'search_file_content']);
    expect(toolNameAliases('replace')).toEqual(['replace', 'Edit']);
  });
});
