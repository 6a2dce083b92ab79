/**
 * The built-in tools the agent offers, with Gemini CLI's names so that hook matchers written for it
 * (`run_shell_command`, `write_file|replace`, ...) work unchanged. All are confined to one working
 * directory.
 */
import type { Tool } from '../../tool.js';
import { createGlobTool } from './glob.js';
import { createListDirectoryTool } from './listDirectory.js';
import { Workspace } from './pathConfinement.js';
import { createReadFileTool } from './readFile.js';
import { createReplaceTool } from './replace.js';
import { createRunShellCommandTool } from './runShellCommand.js';
import { createSearchFileContentTool } from './searchFileContent.js';
import { createWriteFileTool } from './writeFile.js';

/** The names of the built-in tools, in the order {@link createBuiltinTools} returns them. */
export const builtinToolNames = [
  'run_shell_command',
  'read_file',
  'write_file',
  'replace',
  'list_directory',
  'glob',
] as const;

/** One of {@link builtinToolNames}. */
export type BuiltinToolName = (typeof builtinToolNames)[number];

/** True for the name of a built-in tool. */
export function isBuiltinToolName(name: unknown): name is BuiltinToolName {
  return typeof name === 'string' && (builtinToolNames as readonly string[]).includes(name);
}

/** Options for {@link createBuiltinTools}. */
export interface BuiltinToolsOptions {
  /** The directory every tool is confined to; shell commands run here. */
  workingDir: string;
  /** Time a shell command may run before its process group is killed. Default 120000 ms. */
  shellTimeoutMs?: number;
  /** Bytes of shell output kept (head and tail). Default 65536. */
  shellOutputLimit?: number;
  /** Only these tools (for example a scenario's `tools`); default all. Unknown names are ignored. */
  names?: readonly string[];
  /** Sourced before every shell command: the session's `CLAUDE_ENV_FILE` (`claudeEnvFilePath(sessionId)`). */
  shellEnvironmentFile?: string;
}

/** Creates the built-in tools (`run_shell_command`, `read_file`, `write_file`, `replace`, `list_directory`, `glob`). */
export function createBuiltinTools(options: BuiltinToolsOptions): Tool[] {
  const workspace = new Workspace(options.workingDir);
  const tools: Tool[] = [
    createRunShellCommandTool({
      workspace,
      timeoutMs: options.shellTimeoutMs,
      outputLimit: options.shellOutputLimit,
      environmentFile: options.shellEnvironmentFile,
    }),
    createReadFileTool({ workspace }),
    createWriteFileTool({ workspace }),
    createReplaceTool({ workspace }),
    createListDirectoryTool({ workspace }),
    createGlobTool({ workspace }),
  ];
  if (!options.names) return tools;
  const wanted = new Set(options.names);
  return tools.filter((tool) => wanted.has(tool.name));
}

/** The tools that only look (an agent hook's sub-agent gets these), in the order {@link createReadOnlyTools} returns them. */
export const readOnlyToolNames = ['read_file', 'list_directory', 'glob', 'search_file_content'] as const;

/**
 * `read_file`, `list_directory`, `glob` and `search_file_content`, confined to `workingDir`:
 * nothing that writes, replaces or runs a command.
 */
export function createReadOnlyTools(options: { workingDir: string }): Tool[] {
  const workspace = new Workspace(options.workingDir);
  return [
    createReadFileTool({ workspace }),
    createListDirectoryTool({ workspace }),
    createGlobTool({ workspace }),
    createSearchFileContentTool({ workspace }),
  ];
}

export { Workspace } from './pathConfinement.js';
export type { WorkspacePath } from './pathConfinement.js';
export { DEFAULT_SHELL_TIMEOUT_MS, DEFAULT_SHELL_OUTPUT_LIMIT } from './runShellCommand.js';
export type { BuiltinToolErrorType } from './builtinTool.js';
