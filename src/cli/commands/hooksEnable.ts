/**
 * `hookrail hooks enable NAME` / `hookrail hooks disable NAME`: edit `disabledHooks` in the user
 * settings file (or with `--project`, the project's), keeping every other key. NAME is a hook's
 * `name` or its exact `command`. Warns when NAME matches no configured hook, and when enabling
 * cannot take effect because another settings file still disables it. A project file applies only in
 * a trusted folder: editing the file of a trusted folder keeps it trusted (the user made the change);
 * in an untrusted folder the command says that the change waits for `hookrail hooks trust`.
 */
import {
  checkProjectTrust,
  getSettingsPaths,
  setHookDisabled,
  trustProjectHooks,
} from '../../adapters/settings/settings.js';
import { hookEventNames } from '../../hooks/protocol/events.js';
import { booleanOption, cwdOptionSpec, stringOption, type ParsedArgs } from '../args.js';
import type { CommandContext, CommandDefinition } from '../context.js';
import { ExitCode } from '../errors.js';
import { loadCliSettings, resolveWorkingDir } from '../settingsLoader.js';

/** The `hooks enable` command. */
export const hooksEnableCommand: CommandDefinition = createToggleCommand(false);

/** The `hooks disable` command. */
export const hooksDisableCommand: CommandDefinition = createToggleCommand(true);

function createToggleCommand(disable: boolean): CommandDefinition {
  const verb = disable ? 'disable' : 'enable';
  const commandName = `hooks ${verb}`;
  return {
    spec: {
      name: commandName,
      summary: disable
        ? 'Disable a hook by name or command (user settings, or --project)'
        : 'Enable a disabled hook again (user settings, or --project)',
      description: [
        `Edits "disabledHooks" in ~/.hookrail/settings.json, or with --project in .hookrail/settings.json of the project ` +
          '(creating the file if needed and keeping its other keys). A hook is disabled when any settings file lists it.',
      ],
      positionals: [
        { name: 'NAME', description: "The hook's name, or its command exactly as configured.", required: true },
      ],
      options: {
        project: { type: 'boolean', description: "Edit the project's .hookrail/settings.json instead of the user's." },
        cwd: cwdOptionSpec,
      },
      examples: [
        `hookrail hooks ${verb} audit-log`,
        `hookrail hooks ${verb} --project 'sh "$CLAUDE_PROJECT_DIR"/hooks/check.sh'`,
      ],
    },
    execute: (context, args) => toggle(context, args, { disable, commandName }),
  };
}

async function toggle(
  context: CommandContext,
  args: ParsedArgs,
  options: { disable: boolean; commandName: string },
): Promise<number> {
  const { render } = context;
  const name = args.positionals[0];
  const workingDir = await resolveWorkingDir(context.io.cwd, stringOption(args, 'cwd'), options.commandName);
  const homeDir = context.io.env['HOME'] || undefined;
  const paths = getSettingsPaths({ workingDir, homeDir, env: context.io.env });
  const projectFile = booleanOption(args, 'project');
  const file = projectFile ? paths.project : paths.user;
  const trustBefore = projectFile ? await checkProjectTrust({ workingDir, homeDir }) : undefined;
  const result = await setHookDisabled({ file, nameOrCommand: name, disabled: options.disable });
  const state = options.disable ? 'disabled' : 'enabled';
  render.line(
    result.changed
      ? `${capitalize(state)} "${name}" in ${file}.`
      : `"${name}" was already ${state} in ${file}; nothing changed.`,
  );
  if (projectFile && result.changed) {
    if (trustBefore === 'trusted') await trustProjectHooks({ workingDir, homeDir });
    else
      render.warn(
        `this folder's project settings are not trusted, so the change applies only after "hookrail hooks trust" (review them first).`,
      );
  }

  const settings = await loadCliSettings({
    workingDir,
    invocationDir: context.io.cwd,
    env: context.io.env,
    settingsFiles: [],
  });
  const known = settings.files.some((scopeFile) =>
    hookEventNames.some((event) =>
      (scopeFile.hooks[event] ?? []).some((group) =>
        group.hooks.some((hook) => hook.name === name || hook.command === name),
      ),
    ),
  );
  if (!known)
    render.warn(`no configured hook is named "${name}" or has it as its command; "hookrail hooks list" shows them.`);
  if (!options.disable) {
    const stillDisabledIn = settings.files
      .filter((scopeFile) => scopeFile.trusted && scopeFile.disabledHooks.includes(name))
      .map((scopeFile) => scopeFile.displayName);
    if (stillDisabledIn.length > 0) {
      render.warn(
        `"${name}" is still disabled by ${stillDisabledIn.join(' and ')}; enable it there too (--project edits the project's file).`,
      );
    }
  }
  return ExitCode.success;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
