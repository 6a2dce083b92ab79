/**
 * Tool names in both dialects (DESIGN.md, "Dialects"). hookrail's built-in tools carry Gemini CLI's
 * names; a Claude Code hook is told Claude's name for the same tool, and a matcher written with
 * either name matches. An MCP tool's `mcp__<server>__<tool>` is Claude Code's name too, and Gemini CLI's
 * `mcp_<server>_<tool>` is one of its aliases (mcpToolNames.ts). Other names without a counterpart (host
 * tools) are the same in every dialect.
 */
import { toGeminiToolName } from './mcpToolNames.js';

/** hookrail (Gemini CLI) tool name → Claude Code tool name. */
export const nativeToClaudeToolNames: Readonly<Record<string, string>> = {
  run_shell_command: 'Bash',
  read_file: 'Read',
  write_file: 'Write',
  replace: 'Edit',
  glob: 'Glob',
  search_file_content: 'Grep',
  grep_search: 'Grep',
  list_directory: 'LS',
};

/** Claude Code tool name → the hookrail (Gemini CLI) tool that does the same job. */
export const claudeToolNames: Readonly<Record<string, string>> = {
  Bash: 'run_shell_command',
  Read: 'read_file',
  Write: 'write_file',
  Edit: 'replace',
  Glob: 'glob',
  Grep: 'search_file_content',
  LS: 'list_directory',
};

const hasOwn = (record: Readonly<Record<string, string>>, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);

/** The name a Claude Code hook is told for a tool; names without a Claude counterpart are unchanged. */
export function toClaudeToolName(toolName: string): string {
  return hasOwn(nativeToClaudeToolNames, toolName) ? nativeToClaudeToolNames[toolName] : toolName;
}

/** The hookrail tool a Claude Code tool name stands for; other names are unchanged. */
export function toNativeToolName(toolName: string): string {
  return hasOwn(claudeToolNames, toolName) ? claudeToolNames[toolName] : toolName;
}

/** True for one of Claude Code's own tool names (`Bash`, `Write`, ...). */
export function isClaudeToolName(toolName: string): boolean {
  return hasOwn(claudeToolNames, toolName);
}

/**
 * Every name a tool goes by, its own first: `run_shell_command` → `[run_shell_command, Bash]`,
 * `Bash` → `[Bash, run_shell_command]`, `grep_search` → `[grep_search, Grep, search_file_content]`,
 * `mcp__github__create_issue` → `[mcp__github__create_issue, mcp_github_create_issue]`. Matchers are tested against each, so either dialect's name selects the tool.
 */
export function toolNameAliases(toolName: string): string[] {
  const names = [toolName];
  const add = (name: string): void => {
    if (!names.includes(name)) names.push(name);
  };
  if (hasOwn(nativeToClaudeToolNames, toolName)) {
    const claudeName = nativeToClaudeToolNames[toolName];
    add(claudeName);
    add(claudeToolNames[claudeName]);
  } else if (hasOwn(claudeToolNames, toolName)) {
    add(claudeToolNames[toolName]);
  } else {
    add(toGeminiToolName(toolName));
  }
  return names;
}
