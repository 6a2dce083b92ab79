/**
 * The names of MCP tools (a tool `TOOL` of the server `SERVER`) in each dialect:
 *
 * - native and Claude Code: `mcp__SERVER__TOOL`, as Claude Code names them — every character outside
 *   `A-Z a-z 0-9 _ -` in the server and tool names becomes `_`. This is the name a call carries
 *   inside hookrail, so native hooks see it too.
 * - Gemini CLI: `mcp_SERVER_TOOL`, as Gemini CLI names them for its hooks: every character outside
 *   `A-Z a-z 0-9 _ - . :` becomes `_`, and a name over 63 characters keeps its first 30 and last 30
 *   around `...`. (Gemini CLI also puts `_` before a name that starts with neither a letter nor `_`;
 *   one starting with `mcp_` never needs it.)
 *
 * Matchers and `if` conditions are tested against both names, so a Claude matcher `mcp__github__.*`
 * and a Gemini matcher `mcp_github_.*` select the same tool.
 */

/** The prefix of an MCP tool's name for native and Claude Code hooks. */
export const MCP_TOOL_PREFIX = 'mcp__';

/** What separates the server from the tool in a native / Claude Code MCP tool name. */
const MCP_NAME_SEPARATOR = '__';

/** The longest name Gemini CLI gives an MCP tool (its function-name limit, less one). */
const GEMINI_NAME_LIMIT = 63;

/** The server and the tool an MCP tool name stands for. */
export interface McpToolIdentity {
  /** The server's name, as the gateway or the agent knows it. */
  server: string;
  /** The tool's name, as the server lists it. */
  tool: string;
}

/**
 * How an MCP server is reached, as Gemini CLI tells its hooks in `mcp_context`: the command, its
 * arguments and working directory for a stdio server; the address for an SSE or HTTP one.
 */
export interface McpServerTransport {
  command?: string;
  args?: readonly string[];
  cwd?: string;
  url?: string;
}

/** A server or tool name in the characters Claude Code keeps (`A-Z a-z 0-9 _ -`); the others become `_`. */
export function normalizeMcpNamePart(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** `mcp__SERVER__TOOL`: the name native and Claude Code hooks see for an MCP tool. */
export function toMcpToolName(identity: McpToolIdentity): string {
  return `${MCP_TOOL_PREFIX}${normalizeMcpNamePart(identity.server)}${MCP_NAME_SEPARATOR}${normalizeMcpNamePart(identity.tool)}`;
}

/**
 * The server and tool of a `mcp__SERVER__TOOL` name (split at the first `__` after the prefix), or
 * `undefined` for a name of another form.
 */
export function parseMcpToolName(toolName: string): McpToolIdentity | undefined {
  if (!toolName.startsWith(MCP_TOOL_PREFIX)) return undefined;
  const rest = toolName.slice(MCP_TOOL_PREFIX.length);
  const separator = rest.indexOf(MCP_NAME_SEPARATOR);
  if (separator <= 0 || separator + MCP_NAME_SEPARATOR.length >= rest.length) return undefined;
  return { server: rest.slice(0, separator), tool: rest.slice(separator + MCP_NAME_SEPARATOR.length) };
}

/** `mcp_SERVER_TOOL`, shortened and cleaned as Gemini CLI does: the name Gemini CLI hooks see. */
export function toGeminiMcpToolName(identity: McpToolIdentity): string {
  const name = `mcp_${identity.server}_${identity.tool}`.replace(/[^A-Za-z0-9_\-.:]/g, '_');
  return name.length > GEMINI_NAME_LIMIT ? `${name.slice(0, 30)}...${name.slice(-30)}` : name;
}
