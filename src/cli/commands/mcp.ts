/**
 * `hookrail mcp [options] -- COMMAND [ARGS...]`: a stdio MCP server that wraps the stdio MCP server
 * `COMMAND ARGS` and puts each of its `tools/call`s through your hooks (src/integrations/mcp). Stdout
 * is the MCP client's channel, so everything hookrail says goes to stderr; a hook's ask is answered by
 * `--ask` (stdin is the client's channel: no one can be asked).
 */
import { basename, extname, resolve } from 'node:path';
import { toConfigParameters } from '../../adapters/settings/settings.js';
import { normalizeMcpNamePart } from '../../hooks/dialects/mcpToolNames.js';
import { Config } from '../../hooks/engine/config.js';
import { runMcpGateway } from '../../integrations/mcp/mcpGateway.js';
import { cwdOptionSpec, pluginOptionSpec, settingsOptionSpec, stringOption } from '../args.js';
import { createFallbackAskUser, parseAskFallback } from '../askPrompt.js';
import type { CommandDefinition } from '../context.js';
import { CliUsageError } from '../errors.js';
import { startRunInspection } from '../runInspection.js';
import { loadOptionSettings } from '../settingsLoader.js';

const commandName = 'mcp';

/** Why a call a hook asked about was denied: the gateway cannot ask anyone. */
export const MCP_NO_ONE_TO_ASK_REASON =
  "no one could answer: hookrail mcp cannot ask (its stdin is the MCP client's channel) and --ask is deny";

/** The `mcp` command. */
export const mcpCommand: CommandDefinition = {
  spec: {
    name: commandName,
    summary:
      'Put your hooks in front of any stdio MCP server (a gateway for Claude Code, Gemini CLI, Claude Desktop, ...)',
    description: [
      'Starts the stdio MCP server COMMAND ARGS and serves MCP on stdin/stdout in its place: every message passes ' +
        'through untouched except tools/call, which goes through your BeforeTool / PreToolUse hooks (block, rewrite, ask), ' +
        'the server, then your AfterTool / PostToolUse hooks (context, replaced output).',
      "Hooks see the tool as mcp__NAME__TOOL (Claude Code's naming; also hookrail's own hooks) or mcp_NAME_TOOL " +
        "(Gemini CLI's naming, with mcp_context); NAME is --name, default the command's base name.",
      'A blocked or denied call is a normal tool result with isError: true and the reason as text. A hook that asks is ' +
        "answered by --ask (default deny): stdin is the client's channel, so no one can be asked.",
      'A tools/call no hook applies to passes through untouched, like every other message. A call the server leaves ' +
        'unanswered when it exits gets an isError result saying so.',
      'Hooks come from every settings scope of --cwd (project hooks only once trusted: hookrail hooks trust), each ' +
        '--settings FILE and --plugin DIR. Warnings go to stderr; stdout carries MCP only.',
      "Exit code: the server's when it exits; 0 when the client closes stdin (the server gets its stdin closed, then " +
        'SIGTERM, then SIGKILL after the grace period); 2 for usage errors.',
    ],
    positionals: [
      {
        name: 'COMMAND',
        description: 'The stdio MCP server to wrap, with its arguments (after --).',
        required: true,
        variadic: true,
      },
    ],
    options: {
      cwd: cwdOptionSpec,
      settings: settingsOptionSpec,
      plugin: pluginOptionSpec,
      name: {
        type: 'string',
        valueName: 'NAME',
        description: "The server's name in tool names, mcp__NAME__TOOL (default: the command's base name).",
      },
      inspect: {
        type: 'string',
        valueName: 'FILE',
        description: 'Record every call (machine paths, hooks) as JSON Lines, for `hookrail inspect FILE`.',
      },
      ask: {
        type: 'string',
        valueName: 'deny|allow',
        description: "What a hook's ask gets: deny (default) or allow the call.",
      },
    },
    examples: [
      'hookrail mcp -- npx -y @modelcontextprotocol/server-filesystem .',
      'hookrail mcp --name github --settings hooks.json -- docker run -i --rm ghcr.io/github/github-mcp-server',
      'hookrail mcp --inspect mcp.jsonl -- node server.js && hookrail inspect mcp.jsonl',
    ],
  },
  execute: async (context, args) => {
    const [command, ...commandArgs] = args.positionals;
    if (command === undefined || command.trim() === '')
      throw new CliUsageError('missing COMMAND: hookrail mcp [options] -- COMMAND [ARGS...]', { commandName });
    const name = stringOption(args, 'name');
    if (name !== undefined && name.trim() === '')
      throw new CliUsageError('--name needs a server name, e.g. --name github', { commandName });
    const serverName = normalizeMcpNamePart(name ?? basename(command, extname(command)));
    const askFallback = parseAskFallback(stringOption(args, 'ask'), commandName);
    const { workingDir, settings } = await loadOptionSettings(context.io, args, { commandName });
    for (const warning of settings.warnings) context.render.warn(warning);
    const config = new Config({
      ...toConfigParameters(settings),
      workingDir,
      logger: context.logger,
      onAskUser: createFallbackAskUser(askFallback, MCP_NO_ONE_TO_ASK_REASON),
      // Gemini CLI hooks are told how the server is started, as Gemini CLI tells them (mcp_context).
      mcpServers: { [serverName]: { command, args: commandArgs, cwd: workingDir } },
    });
    const inspectFile = stringOption(args, 'inspect');
    const inspection = await startRunInspection(context, {
      ...(inspectFile !== undefined ? { file: resolve(context.io.cwd, inspectFile) } : {}),
      serve: false,
      model: `mcp server ${serverName}`,
      config,
      title: `hookrail mcp ${serverName}`,
    });
    if (!context.io.stdin)
      throw new CliUsageError('hookrail mcp needs a stdin: the MCP client writes to it', { commandName });
    const exit = await runMcpGateway({
      config,
      command,
      args: commandArgs,
      serverName,
      cwd: workingDir,
      env: context.io.env,
      input: context.io.stdin,
      output: context.io.stdout,
      signal: context.signal,
      ...(inspection.inspect ? { inspect: inspection.inspect } : {}),
    });
    return exit.exitCode;
  },
};
