/**
 * Help texts, rendered from the same {@link CommandSpec} the parser uses so that help and behaviour
 * cannot drift apart: the top-level overview (commands, exit codes, environment, settings files) and
 * one page per command.
 */
import { globalOptions, type CommandSpec, type OptionSpec } from './args.js';
import type { Styles } from './render.js';

/** `hookrail <command> --help`. */
export function formatCommandHelp(spec: CommandSpec, styles: Styles): string {
  const lines: string[] = [];
  lines.push(`${styles.bold('Usage:')} hookrail ${spec.name}${usagePositionals(spec)} [options]`, '');
  lines.push(spec.summary);
  for (const paragraph of spec.description ?? []) lines.push('', wrap(paragraph, 100));
  const positionals = spec.positionals ?? [];
  if (positionals.length > 0) {
    lines.push('', styles.bold('Arguments:'));
    const width = Math.max(...positionals.map((positional) => positional.name.length));
    for (const positional of positionals) {
      lines.push(`  ${positional.name.padEnd(width)}  ${positional.description}`);
    }
  }
  lines.push('', styles.bold('Options:'));
  lines.push(...formatOptions({ ...spec.options, ...globalOptions }));
  if (spec.examples && spec.examples.length > 0) {
    lines.push('', styles.bold('Examples:'));
    for (const example of spec.examples) lines.push(`  ${example}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A group's help (`hookrail hooks`): its subcommands. */
export function formatGroupHelp(group: string, specs: readonly CommandSpec[], styles: Styles): string {
  const width = Math.max(...specs.map((spec) => spec.name.length));
  const lines = [
    `${styles.bold('Usage:')} hookrail ${group} <command> [options]`,
    '',
    styles.bold('Commands:'),
    ...specs.map((spec) => `  ${spec.name.padEnd(width)}  ${spec.summary}`),
    '',
    `Run "hookrail ${group} <command> --help" for a command's options.`,
  ];
  return `${lines.join('\n')}\n`;
}

/** `hookrail --help`: commands, exit codes, environment, settings files. */
export function formatTopLevelHelp(specs: readonly CommandSpec[], version: string, styles: Styles): string {
  const width = Math.max(...specs.map((spec) => spec.name.length));
  const lines = [
    `hookrail ${version} — lifecycle hooks (Claude Code / Gemini CLI compatible) around an AI agent's tool and model calls`,
    '',
    `${styles.bold('Usage:')} hookrail <command> [options]`,
    '',
    styles.bold('Commands:'),
    ...specs.map((spec) => `  ${spec.name.padEnd(width)}  ${spec.summary}`),
    `  ${'help [command]'.padEnd(width)}  Show help for a command`,
    '',
    styles.bold('Global options:'),
    ...formatOptions(globalOptions),
    `  ${'--version'.padEnd(24)}  Print the version and exit.`,
    '',
    `${styles.bold('Settings files')} (hooks merged in this priority order; a duplicate command runs once):`,
    '  extra    every --settings FILE, and a scenario\'s "settings.hooks" (trusted: you named them)',
    '  project  .hookrail/settings.json, .claude/settings.local.json, .claude/settings.json and .gemini/settings.json',
    '           in the project directory (only once trusted: "hookrail hooks trust"; until then neither their hooks nor',
    '           disabledHooks nor enableHooks apply)',
    '  user     ~/.hookrail/settings.json, ~/.claude/settings.json and ~/.gemini/settings.json',
    '  system   /etc/hookrail/settings.json, or the file named by HOOKRAIL_SYSTEM_SETTINGS ("pinned": true on a',
    "           hook here: no lower scope can switch it off); Claude Code's managed settings",
    "           (/etc/claude-code/managed-settings.json, then managed-settings.d/*.json beside it) and Gemini CLI's system",
    '           settings (/etc/gemini-cli/settings.json), whose hooks are pinned and whose policy keys apply; last, Gemini',
    "           CLI's system defaults (system-defaults.json beside its system settings), its lowest-precedence file",
    '  plugins  every --plugin DIR, a settings file\'s "plugins" and the Claude Code plugins installed in',
    '           ~/.claude/plugins and switched on in "enabledPlugins", then the Gemini CLI extensions in ~/.gemini/extensions',
    "  Each hook is spoken to in the dialect of its file: Claude Code's files and plugins get Claude Code's",
    "  stdin and answer rules, Gemini CLI's Gemini CLI's; other files by their event names.",
    '',
    styles.bold('Exit codes:'),
    '  0    success; for "run" also a run that a hook stopped (continue: false) — the stop reason is printed',
    '  1    the command could not go on (bad file, unknown model, failed run, validation problems)',
    '  2    usage error (unknown command or option, missing or malformed argument)',
    '  130  interrupted (Ctrl-C); 143 on SIGTERM, 129 on SIGHUP (128 + the signal); running hook and tool',
    '       processes are killed, and so is what finished hooks left running',
    '',
    styles.bold('Environment:'),
    '  GEMINI_API_KEY, GOOGLE_API_KEY  use a real Gemini model with "run --model NAME"',
    '  NO_COLOR                        plain output (FORCE_COLOR forces colour into pipes)',
    '  HOOKRAIL_DEBUG                  same as --debug',
    '  HOOKRAIL_SYSTEM_SETTINGS        path of the system settings file',
    "  HOOKRAIL_CLAUDE_MANAGED_SETTINGS  path of Claude Code's managed settings file",
    "  GEMINI_CLI_SYSTEM_SETTINGS_PATH   path of Gemini CLI's system settings file (Gemini CLI's own variable)",
    "  GEMINI_CLI_SYSTEM_DEFAULTS_PATH   path of Gemini CLI's system defaults file (Gemini CLI's own variable)",
    "  CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS  default timeout of Claude Code SessionEnd hooks (Claude Code's own; 1500)",
    '',
    'Run "hookrail <command> --help" for a command\'s options.',
  ];
  return `${lines.join('\n')}\n`;
}

function usagePositionals(spec: CommandSpec): string {
  return (spec.positionals ?? [])
    .map((positional) => {
      const name = positional.variadic ? `${positional.name}...` : positional.name;
      return positional.required ? ` ${name}` : ` [${name}]`;
    })
    .join('');
}

function formatOptions(options: Record<string, OptionSpec>): string[] {
  const rows = Object.entries(options).map(([name, option]) => {
    const short = option.short ? `-${option.short}, ` : '';
    const value = option.type === 'string' ? ` ${option.valueName ?? 'VALUE'}` : '';
    const repeat = option.multiple ? ' (repeatable)' : '';
    return { left: `${short}--${name}${value}`, right: `${option.description}${repeat}` };
  });
  const width = Math.max(24, ...rows.map((row) => row.left.length));
  return rows.map((row) => `  ${row.left.padEnd(width)}  ${row.right}`);
}

function wrap(text: string, width: number): string {
  const words = text.split(/\s+/);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    if (current.length > 0 && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else {
      current = current.length > 0 ? `${current} ${word}` : word;
    }
  }
  if (current.length > 0) lines.push(current);
  return lines.join('\n');
}
