/**
 * The `hookrail` command line: finds the command, parses its arguments, runs it, and turns whatever
 * it throws into one clear message on stderr and an exit code (stack traces only with `--debug`).
 * Kept free of process globals so tests and hosts can call {@link runCli} with their own streams.
 */
import { readFileSync } from 'node:fs';
import { HookrailError } from '../errors.js';
import { suggestClosest } from '../suggestClosest.js';
import { parseCommandArgs, type CommandSpec } from './args.js';
import { hooksCoverageCommand } from './commands/hooksCoverage.js';
import { hooksDisableCommand, hooksEnableCommand } from './commands/hooksEnable.js';
import { hooksFireCommand } from './commands/hooksFire.js';
import { hooksListCommand } from './commands/hooksList.js';
import { hooksTestCommand } from './commands/hooksTest.js';
import { hooksTrustCommand } from './commands/hooksTrust.js';
import { hooksValidateCommand } from './commands/hooksValidate.js';
import { inspectCommand } from './commands/inspect.js';
import { mcpCommand } from './commands/mcp.js';
import { chatCommand } from './commands/chat.js';
import { replayCommand } from './commands/replay.js';
import { runCommand } from './commands/run.js';
import { visualizeCommand } from './commands/visualize.js';
import { createCliLogger, type CliIo, type CommandDefinition } from './context.js';
import { CliError, CliUsageError, ExitCode } from './errors.js';
import { formatCommandHelp, formatGroupHelp, formatTopLevelHelp } from './help.js';
import { Renderer, shouldUseColor } from './render.js';

/** Every command, in the order `hookrail --help` lists them. */
export const commands: readonly CommandDefinition[] = [
  runCommand,
  chatCommand,
  mcpCommand,
  hooksListCommand,
  hooksValidateCommand,
  hooksFireCommand,
  hooksTestCommand,
  hooksCoverageCommand,
  hooksTrustCommand,
  hooksEnableCommand,
  hooksDisableCommand,
  inspectCommand,
  replayCommand,
  visualizeCommand,
];

/** Options for {@link runCli}. */
export interface RunCliOptions {
  io: CliIo;
  /** Aborted on Ctrl-C; commands pass it to hook and tool processes. */
  signal: AbortSignal;
}

/** Runs `hookrail <argv...>` and resolves with the exit code. Never rejects. */
export async function runCli(argv: readonly string[], options: RunCliOptions): Promise<number> {
  const { io } = options;
  const debug = argv.includes('--debug') || isSet(io.env['HOOKRAIL_DEBUG']);
  const color = shouldUseColor({
    env: io.env,
    isTTY: io.stdout.isTTY === true,
    noColorFlag: argv.includes('--no-color'),
  });
  const render = new Renderer({ stdout: io.stdout, stderr: io.stderr, color });
  try {
    return await dispatch(argv, { ...options, render, debug });
  } catch (error) {
    return reportError(error, render, debug);
  }
}

interface DispatchContext extends RunCliOptions {
  render: Renderer;
  debug: boolean;
}

async function dispatch(argv: readonly string[], context: DispatchContext): Promise<number> {
  const { render } = context;
  let index = 0;
  while (argv[index] === '--debug' || argv[index] === '--no-color') index += 1;
  const leadingFlags = argv.slice(0, index);
  const words = argv.slice(index);
  const [first] = words;
  if (first === undefined) {
    render.note(formatTopLevelHelp(specs(), version(), render.styles).trimEnd());
    return ExitCode.usage;
  }
  if (first === '--help' || first === '-h') {
    render.write(formatTopLevelHelp(specs(), version(), render.styles));
    return ExitCode.success;
  }
  if (first === '--version' || first === '-v') {
    render.line(version());
    return ExitCode.success;
  }
  if (first === 'help')
    return showHelp(
      words.slice(1).filter((word) => !word.startsWith('-')),
      render,
    );
  if (first.startsWith('-'))
    throw new CliUsageError(`expected a command before ${first}; commands: ${commandNames().join(', ')}`);

  const found = findCommand(words);
  if (found.kind === 'groupHelp') {
    render.write(
      formatGroupHelp(
        found.group,
        specs().filter((spec) => spec.name.startsWith(`${found.group} `)),
        render.styles,
      ),
    );
    return ExitCode.success;
  }
  const { definition } = found;
  const parsed = parseCommandArgs(definition.spec, [...leadingFlags, ...words.slice(found.wordCount)]);
  if (parsed.help) {
    render.write(formatCommandHelp(definition.spec, render.styles));
    return ExitCode.success;
  }
  const commandRender = parsed.noColor
    ? new Renderer({ stdout: context.io.stdout, stderr: context.io.stderr, color: false })
    : render;
  const debug = context.debug || parsed.debug;
  return definition.execute(
    {
      io: context.io,
      render: commandRender,
      debug,
      logger: createCliLogger(commandRender, debug),
      signal: context.signal,
    },
    parsed,
  );
}

type FoundCommand =
  | { kind: 'command'; definition: CommandDefinition; wordCount: number }
  | { kind: 'groupHelp'; group: string };

/** Finds the command named by the first one or two words, or throws a usage error with a suggestion. */
function findCommand(words: readonly string[]): FoundCommand {
  const [first, second] = words;
  const single = commands.find((definition) => definition.spec.name === first);
  if (single) return { kind: 'command', definition: single, wordCount: 1 };
  const groupMembers = commands.filter((definition) => definition.spec.name.startsWith(`${first} `));
  if (groupMembers.length > 0) {
    if (second === '--help' || second === '-h') return { kind: 'groupHelp', group: first };
    if (second === undefined || second.startsWith('-')) {
      throw new CliUsageError(
        `"hookrail ${first}" needs a command: ${groupMembers.map((definition) => definition.spec.name.split(' ')[1]).join(', ')}`,
      );
    }
    const member = groupMembers.find((definition) => definition.spec.name === `${first} ${second}`);
    if (member) return { kind: 'command', definition: member, wordCount: 2 };
    const suggestion = suggestClosest(
      `${first} ${second}`,
      groupMembers.map((definition) => definition.spec.name),
    );
    throw new CliUsageError(
      `unknown command "${first} ${second}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`,
    );
  }
  const suggestion = suggestClosest(first, commandNames());
  throw new CliUsageError(
    `unknown command "${first}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; commands: ${commandNames().join(', ')}`,
  );
}

function showHelp(words: string[], render: Renderer): number {
  if (words.length === 0) {
    render.write(formatTopLevelHelp(specs(), version(), render.styles));
    return ExitCode.success;
  }
  const name = words.slice(0, 2).join(' ');
  const definition = commands.find((candidate) => candidate.spec.name === name || candidate.spec.name === words[0]);
  if (definition) {
    render.write(formatCommandHelp(definition.spec, render.styles));
    return ExitCode.success;
  }
  const groupMembers = specs().filter((spec) => spec.name.startsWith(`${words[0]} `));
  if (groupMembers.length > 0) {
    render.write(formatGroupHelp(words[0], groupMembers, render.styles));
    return ExitCode.success;
  }
  throw new CliUsageError(`no help for unknown command "${name}"; commands: ${commandNames().join(', ')}`);
}

function reportError(error: unknown, render: Renderer, debug: boolean): number {
  if (error instanceof CliUsageError) {
    render.error(error.message);
    render.note(`Run "hookrail ${error.commandName ?? ''}${error.commandName ? ' ' : ''}--help" for usage.`);
    if (debug && error.stack) render.note(error.stack);
    return ExitCode.usage;
  }
  const message = error instanceof Error ? error.message : String(error);
  render.error(message);
  if (debug) {
    if (error instanceof Error && error.stack) render.note(error.stack);
  } else if (!(error instanceof HookrailError)) {
    render.note('Run with --debug for the stack trace.');
  }
  return error instanceof CliError ? error.exitCode : ExitCode.failure;
}

function specs(): CommandSpec[] {
  return commands.map((definition) => definition.spec);
}

function commandNames(): string[] {
  return [...new Set(commands.map((definition) => definition.spec.name.split(' ')[0]))];
}

function isSet(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

let cachedVersion: string | undefined;

/** The package's version, read from its package.json (two levels up from both src/cli and dist/cli). */
export function version(): string {
  if (cachedVersion === undefined) {
    try {
      const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
        version?: string;
      };
      cachedVersion = manifest.version ?? 'unknown';
    } catch {
      cachedVersion = 'unknown';
    }
  }
  return cachedVersion;
}
