/**
 * Command-line parsing on `node:util` `parseArgs`: one {@link CommandSpec} per command declares its
 * positionals and options (the same spec renders its `--help`), and every parse error becomes a
 * {@link CliUsageError} that names the option or argument and suggests the nearest valid one.
 */
import { parseArgs } from 'node:util';
import { suggestClosest } from '../suggestClosest.js';
import { CliUsageError } from './errors.js';

/** One option of a command. Names are the long form without dashes (`max-turns`). */
export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** May be given several times (`--settings a.json --settings b.json`). */
  multiple?: boolean;
  /** Placeholder shown in help (`FILE`, `NAME`, `JSON`). */
  valueName?: string;
  description: string;
}

/** One positional argument of a command. */
export interface PositionalSpec {
  name: string;
  description: string;
  required?: boolean;
  /** Takes every remaining argument (`hookrail run fix the failing test`). */
  variadic?: boolean;
}

/** What a command accepts and how its help reads. */
export interface CommandSpec {
  /** The words that select it: `run`, `hooks fire`. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Paragraphs shown under the usage line. */
  description?: string[];
  positionals?: PositionalSpec[];
  options: Record<string, OptionSpec>;
  /** Example invocations, shown verbatim. */
  examples?: string[];
}

/** Options every command accepts. */
export const globalOptions: Record<string, OptionSpec> = {
  help: { type: 'boolean', short: 'h', description: 'Show help for this command and exit.' },
  debug: { type: 'boolean', description: 'Show the debug log on stderr and stack traces of errors.' },
  'no-color': { type: 'boolean', description: 'Plain output without colours (also: NO_COLOR=1).' },
};

/** A parsed command line. */
export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
  help: boolean;
  debug: boolean;
  noColor: boolean;
}

/** Parses `argv` (the words after the command's name) against `spec` plus {@link globalOptions}. */
export function parseCommandArgs(spec: CommandSpec, argv: readonly string[]): ParsedArgs {
  const options = { ...globalOptions, ...spec.options };
  let parsed: { values: Record<string, string | boolean | Array<string | boolean> | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...argv],
      options: Object.fromEntries(
        Object.entries(options).map(([name, option]) => [
          name,
          {
            type: option.type,
            ...(option.short ? { short: option.short } : {}),
            ...(option.multiple ? { multiple: true } : {}),
          },
        ]),
      ),
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw toUsageError(error, spec, options);
  }
  const help = parsed.values['help'] === true;
  if (!help) checkPositionals(spec, parsed.positionals);
  return {
    values: parsed.values as ParsedArgs['values'],
    positionals: parsed.positionals,
    help,
    debug: parsed.values['debug'] === true,
    noColor: parsed.values['no-color'] === true,
  };
}

/** A string option's value, or `undefined` when it was not given. */
export function stringOption(parsed: ParsedArgs, name: string): string | undefined {
  const value = parsed.values[name];
  return typeof value === 'string' ? value : undefined;
}

/** Every value of a repeatable string option, in command-line order. */
export function stringListOption(parsed: ParsedArgs, name: string): string[] {
  const value = parsed.values[name];
  if (Array.isArray(value)) return value;
  return typeof value === 'string' ? [value] : [];
}

/** A boolean flag's value; absent means `false`. */
export function booleanOption(parsed: ParsedArgs, name: string): boolean {
  return parsed.values[name] === true;
}

/** A whole-number option within `[minimum, maximum]`, or a usage error naming the option and the value. */
export function integerOption(
  parsed: ParsedArgs,
  name: string,
  options: { commandName: string; minimum?: number; maximum?: number },
): number | undefined {
  const raw = stringOption(parsed, name);
  if (raw === undefined) return undefined;
  const minimum = options.minimum ?? Number.MIN_SAFE_INTEGER;
  const maximum = options.maximum ?? Number.MAX_SAFE_INTEGER;
  const value = /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < minimum || value > maximum) {
    const range = options.maximum === undefined ? `at least ${minimum}` : `from ${minimum} to ${maximum}`;
    throw new CliUsageError(`--${name} expects a whole number ${range}, got "${raw}"`, {
      commandName: options.commandName,
    });
  }
  return value;
}

function checkPositionals(spec: CommandSpec, positionals: string[]): void {
  const declared = spec.positionals ?? [];
  const variadic = declared.some((positional) => positional.variadic);
  if (!variadic && positionals.length > declared.length) {
    const extra = positionals[declared.length];
    const hint = extra.startsWith('-')
      ? ''
      : declared.length === 0
        ? `; "hookrail ${spec.name}" takes no arguments`
        : '';
    throw new CliUsageError(`unexpected argument "${extra}"${hint}`, { commandName: spec.name });
  }
  declared.forEach((positional, index) => {
    if (positional.required && positionals[index] === undefined) {
      throw new CliUsageError(`missing ${positional.name}: ${positional.description}`, { commandName: spec.name });
    }
  });
}

function toUsageError(error: unknown, spec: CommandSpec, options: Record<string, OptionSpec>): CliUsageError {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const optionName = /'(-{1,2}[^' <]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && optionName) {
    const names = Object.keys(options).map((name) => `--${name}`);
    const suggestion = optionName.startsWith('--') ? suggestClosest(optionName, names) : undefined;
    return new CliUsageError(
      `unknown option ${optionName} for "hookrail ${spec.name}"${suggestion ? ` (did you mean ${suggestion}?)` : ''}`,
      { commandName: spec.name },
    );
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && optionName) {
    const name = optionName.replace(/^-+/, '');
    const option = options[name] ?? Object.values(options).find((candidate) => candidate.short === name);
    if (option?.type === 'boolean') {
      return new CliUsageError(`option ${optionName} is a flag and takes no value`, { commandName: spec.name });
    }
    return new CliUsageError(`option ${optionName} needs a value${option?.valueName ? ` (${option.valueName})` : ''}`, {
      commandName: spec.name,
    });
  }
  return new CliUsageError(message, { commandName: spec.name });
}

/** `--cwd DIR`, shared by the commands that read a project's settings. */
export const cwdOptionSpec: OptionSpec = {
  type: 'string',
  valueName: 'DIR',
  description:
    'Project directory: where project settings are read and tools and hooks run (default: the current directory).',
};

/** `--settings FILE`, shared by the commands that read settings. */
export const settingsOptionSpec: OptionSpec = {
  type: 'string',
  multiple: true,
  valueName: 'FILE',
  description:
    'Also read hooks from this settings file (hookrail, Claude Code or Gemini CLI names; trusted, highest priority).',
};

/** `--plugin DIR` (repeatable): a Claude Code plugin directory whose hooks/hooks.json is loaded. */
export const pluginOptionSpec: OptionSpec = {
  type: 'string',
  multiple: true,
  valueName: 'DIR',
  description: 'Also load this Claude Code plugin (.claude-plugin/plugin.json + hooks/hooks.json; trusted).',
};

/** `--json`, shared by the commands with machine-readable output. */
export const jsonOptionSpec: OptionSpec = {
  type: 'boolean',
  description: 'Machine-readable JSON on stdout instead of text.',
};
