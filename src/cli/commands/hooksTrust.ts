/**
 * `hookrail hooks trust [--cwd DIR] [--revoke]`: project settings (`.hookrail/settings.json`,
 * `.claude/settings.json`) come with a repository, so they only apply once the user trusts the folder
 * for exactly those hook commands and switches (`disabledHooks`, `enableHooks`, `hookEnvironment`).
 * This command records that trust (showing what is being trusted), or revokes it.
 */
import { homedir } from 'node:os';
import { trustProjectHooks } from '../../adapters/settings/settings.js';
import { defaultTrustFile, TrustStore } from '../../adapters/settings/trust.js';
import { hookEventNames } from '../../hooks/protocol/events.js';
import { booleanOption, cwdOptionSpec, stringOption } from '../args.js';
import type { CommandDefinition } from '../context.js';
import { ExitCode } from '../errors.js';
import { resolveWorkingDir } from '../settingsLoader.js';

const commandName = 'hooks trust';

/** The `hooks trust` command. */
export const hooksTrustCommand: CommandDefinition = {
  spec: {
    name: commandName,
    summary: "Trust the project's hooks as they are now (or --revoke), so they run",
    description: [
      'Project settings apply only in a trusted folder: until then neither their hooks nor their disabledHooks, ' +
        'enableHooks or hookEnvironment count. Trust is recorded in ~/.hookrail/trusted-folders.json for the ' +
        "folder's real path and a fingerprint of its hook commands and switches: when one changes or is added, the " +
        'project settings stop applying until you review them and trust the folder again.',
    ],
    options: {
      cwd: cwdOptionSpec,
      revoke: { type: 'boolean', description: 'Forget the trust given to this folder.' },
    },
    examples: ['hookrail hooks trust', 'hookrail hooks trust --cwd ../other-project', 'hookrail hooks trust --revoke'],
  },
  execute: async (context, args) => {
    const { render } = context;
    const styles = render.styles;
    const workingDir = await resolveWorkingDir(context.io.cwd, stringOption(args, 'cwd'), commandName);
    const homeDir = context.io.env['HOME'] || homedir();
    const trustStore = new TrustStore({
      file: defaultTrustFile(homeDir),
      onWarning: (message) => render.warn(message),
    });
    if (booleanOption(args, 'revoke')) {
      const revoked = await trustStore.revoke(workingDir);
      render.line(
        revoked
          ? `Revoked trust for ${workingDir}: its project hooks no longer run.`
          : `${workingDir} was not trusted; nothing to revoke.`,
      );
      return ExitCode.success;
    }
    const trusted = await trustProjectHooks({ workingDir, homeDir, trustStore });
    for (const warning of trusted.warnings) render.warn(warning);
    const commands = hookEventNames.flatMap((event) =>
      (trusted.hooks[event] ?? []).flatMap((group) =>
        group.hooks.map(
          (hook) => `${event}${group.matcher ? ` (${group.matcher})` : ''}: ${hook.command ?? hook.name ?? hook.type}`,
        ),
      ),
    );
    const switches = [
      ...(trusted.switches.disabledHooks?.length
        ? [`disabledHooks: ${trusted.switches.disabledHooks.join(', ')}`]
        : []),
      ...(trusted.switches.enableHooks !== undefined ? [`enableHooks: ${trusted.switches.enableHooks}`] : []),
      ...(trusted.switches.withheldVariables?.length
        ? [`hookEnvironment.withhold: ${trusted.switches.withheldVariables.join(', ')}`]
        : []),
    ];
    const files = trusted.files.filter((file) => file.exists).map((file) => file.displayName);
    if (switches.length > 0) {
      render.line(`${styles.green('Trusted')} ${workingDir} for these project settings from ${files.join(' and ')}:`);
      for (const line of [...commands, ...switches]) render.line(`  ${line}`);
      render.line(
        styles.dim(
          'If one of them changes or a hook is added, the project settings stop applying until you trust the folder again.',
        ),
      );
      return ExitCode.success;
    }
    if (commands.length === 0) {
      render.line(
        `No project hooks in ${workingDir} (${files.length > 0 ? files.join(', ') : 'no .hookrail/settings.json or .claude/settings.json'}).`,
      );
      render.line('Trust recorded anyway: any hook added later needs trust again.');
      return ExitCode.success;
    }
    render.line(
      `${styles.green('Trusted')} ${workingDir} for ${commands.length} project ${commands.length === 1 ? 'hook' : 'hooks'} from ${files.join(' and ')}:`,
    );
    for (const command of commands) render.line(`  ${command}`);
    render.line(
      styles.dim('If a command changes or a hook is added, it stops running until you trust the folder again.'),
    );
    return ExitCode.success;
  },
};
