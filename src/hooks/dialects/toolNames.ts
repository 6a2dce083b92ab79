/**
 * Tool names in both dialects (docs/architecture.md, "Dialects"). hookrail's built-in tools carry Gemini CLI's
 * names; a Claude Code hook is told Claude's name for the same tool, and a matcher written with
 * either name matches. An MCP tool's `mcp__<server>__<tool>` is Claude Code's name too, and Gemini CLI's
 * `mcp_<server>_<tool>` is one of its aliases (mcpToolNames.ts). Other names without a counterpart (host
 * tools) are the same in every dialect.
 */
import { parseMcpToolName, toGeminiMcpToolName } from './mcpToolNames.js';

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

/**
 * Gemini CLI's legacy tool names and the current name each stands for (its `TOOL_LEGACY_ALIASES`; the
 * tools reference lists `search_file_content` as the legacy alias of `grep_search`). hookrail's built-in
 * search tool keeps the legacy name; a Gemini CLI hook is told the current one.
 */
export const geminiLegacyToolNames: Readonly<Record<string, string>> = {
  search_file_content: 'grep_search',
};

const hasOwn = (record: Readonly<Record<string, string>>, key: string): boolean => Object.hasOwn(record, key);

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
 * The name a Gemini CLI hook is told for a tool, as Gemini CLI names it now: the current name of a
 * legacy one (`search_file_content` → `grep_search`), `mcp_SERVER_TOOL` for an MCP tool's
 * `mcp__SERVER__TOOL` (mcpToolNames.ts); any other name is unchanged.
 */
export function toGeminiToolName(toolName: string): string {
  if (hasOwn(geminiLegacyToolNames, toolName)) return geminiLegacyToolNames[toolName];
  const mcpTool = parseMcpToolName(toolName);
  return mcpTool ? toGeminiMcpToolName(mcpTool) : toolName;
}

/**
 * Every name a tool goes by, its own first: `run_shell_command` → `[run_shell_command, Bash]`,
 * `Bash` → `[Bash, run_shell_command]`, `grep_search` → `[grep_search, Grep, search_file_content]`,
 * `search_file_content` → `[search_file_content, Grep, grep_search]`,
 * `mcp__github__create_issue` → `[mcp__github__create_issue, mcp_github_create_issue]`. Matchers and `if`
 * conditions are tested against each, so any dialect's name — Gemini CLI's current or legacy one included —
 * selects the tool.
 */
export function toolNameAliases(toolName: string): string[] {
  const names = [toolName];
  const add = (name: string): void => {
    if (!names.includes(name)) names.push(name);
  };
  const claudeName = hasOwn(nativeToClaudeToolNames, toolName)
    ? nativeToClaudeToolNames[toolName]
    : hasOwn(claudeToolNames, toolName)
      ? toolName
      : undefined;
  if (claudeName === undefined) {
    add(toGeminiToolName(toolName));
    return names;
  }
  add(claudeName);
  // Every native name of the same Claude tool: the one hookrail's tool carries and Gemini CLI's current one.
  for (const [nativeName, claude] of Object.entries(nativeToClaudeToolNames))
    if (claude === claudeName) add(nativeName);
  return names;
}
