/**
 * Project settings (`.hookrail/settings.json`, `.claude/settings.local.json`, `.claude/settings.json`,
 * `.gemini/settings.json`, and the Claude Code plugins a project file names) come with the repository,
 * so they apply only in a folder the user trusted (trust.ts) for exactly their hooks and switches:
 * until then they contribute nothing, and a warning says what was left out and how to trust it.
 */
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { HooksSettings } from '../../hooks/protocol/hookConfig.js';
import { contributesSettings, describeContributions, mergeHooksSettings } from './settingsMerge.js';
import { readNamedPlugins } from './extensions.js';
import { getSettingsPaths, isProjectScope, projectLocations } from './settingsLocations.js';
import { problemWarnings, readSettingsScopeFile } from './settingsScopeFile.js';
import type { SettingsScopeFile } from './scopeFile.js';
import { TrustStore, defaultTrustFile, type ProjectSwitches, type TrustState } from './trust.js';

/** Options for {@link applyProjectTrust}. */
export interface ApplyProjectTrustOptions {
  workingDir: string;
  homeDir: string;
  trustStore?: TrustStore;
}

/**
 * Checks the project files among `files` against the trust store; when the folder is not trusted for
 * what they say, marks them untrusted (so they contribute nothing) and returns the warnings saying so.
 */
export async function applyProjectTrust(
  files: readonly SettingsScopeFile[],
  options: ApplyProjectTrustOptions,
): Promise<{ untrusted: boolean; warnings: string[] }> {
  const projectFiles = files.filter((file) => isProjectScope(file.scope));
  if (!projectFiles.some(contributesSettings)) return { untrusted: false, warnings: [] };
  const { hooks, switches } = projectContent(projectFiles);
  const trustStore = options.trustStore ?? new TrustStore({ file: defaultTrustFile(options.homeDir) });
  const check = await trustStore.check(options.workingDir, hooks, switches);
  if (check.state === 'trusted') return { untrusted: false, warnings: check.warnings };
  for (const file of projectFiles) file.trusted = false;
  return {
    untrusted: true,
    warnings: [
      ...check.warnings,
      untrustedWarning(projectFiles.filter(contributesSettings), check.state, options.workingDir),
    ],
  };
}

/** Options for {@link trustProjectHooks}. */
export interface TrustProjectHooksOptions {
  workingDir: string;
  homeDir?: string;
  includeClaude?: boolean;
  includeGemini?: boolean;
  trustStore?: TrustStore;
}

/** What {@link trustProjectHooks} trusted. */
export interface TrustedProjectHooks {
  /** The project's hooks as trusted now (a later change needs trust again). */
  hooks: HooksSettings;
  /** The project's `disabledHooks`, `enableHooks` and `hookEnvironment`, trusted with the hooks. */
  switches: ProjectSwitches;
  /** The project settings files that were read. */
  files: SettingsScopeFile[];
  warnings: string[];
}

/** `hookrail hooks trust`: trusts the working directory for its project settings exactly as they are now. */
export async function trustProjectHooks(options: TrustProjectHooksOptions): Promise<TrustedProjectHooks> {
  const workingDir = resolve(options.workingDir);
  const homeDir = resolve(options.homeDir ?? homedir());
  const files = await readProjectFiles({
    workingDir,
    homeDir,
    includeClaude: options.includeClaude,
    includeGemini: options.includeGemini,
  });
  const { hooks, switches } = projectContent(files);
  const trustStore = options.trustStore ?? new TrustStore({ file: defaultTrustFile(homeDir) });
  await trustStore.trust(workingDir, hooks, switches);
  return { hooks, switches, files, warnings: files.flatMap(problemWarnings) };
}

/** Whether the working directory is trusted for its project settings as they are now (`hooks enable --project`). */
export async function checkProjectTrust(options: TrustProjectHooksOptions): Promise<TrustState> {
  const workingDir = resolve(options.workingDir);
  const homeDir = resolve(options.homeDir ?? homedir());
  const files = await readProjectFiles({
    workingDir,
    homeDir,
    includeClaude: options.includeClaude,
    includeGemini: options.includeGemini,
  });
  const { hooks, switches } = projectContent(files);
  const trustStore = options.trustStore ?? new TrustStore({ file: defaultTrustFile(homeDir) });
  return (await trustStore.check(workingDir, hooks, switches)).state;
}

async function readProjectFiles(options: {
  workingDir: string;
  homeDir: string;
  includeClaude?: boolean;
  includeGemini?: boolean;
}): Promise<SettingsScopeFile[]> {
  const paths = getSettingsPaths({ workingDir: options.workingDir, homeDir: options.homeDir });
  const selection = { includeClaude: options.includeClaude ?? true, includeGemini: options.includeGemini ?? true };
  const context = { workingDir: options.workingDir, homeDir: options.homeDir };
  const files = await Promise.all(
    projectLocations(paths, selection).map((location) => readSettingsScopeFile({ ...location, ...context })),
  );
  return [...files, ...(await readNamedPlugins(files, [], context))];
}

/** What the project files contribute, as the trust fingerprint covers it. */
function projectContent(files: readonly SettingsScopeFile[]): { hooks: HooksSettings; switches: ProjectSwitches } {
  const enableValues = files.map((file) => file.enableHooks).filter((value): value is boolean => value !== undefined);
  return {
    hooks: mergeHooksSettings(files.map((file) => file.hooks)),
    switches: {
      disabledHooks: [...new Set(files.flatMap((file) => file.disabledHooks))],
      ...(enableValues.length > 0 ? { enableHooks: !enableValues.includes(false) } : {}),
      withheldVariables: [...new Set(files.flatMap((file) => file.withheldVariables))],
      ...warmInterpretersOf(files),
    },
  };
}

/** The first project file's `warmInterpreters`, as the merge applies it. */
function warmInterpretersOf(files: readonly SettingsScopeFile[]): { warmInterpreters?: number } {
  const warmInterpreters = files.find((file) => file.warmInterpreters !== undefined)?.warmInterpreters;
  return warmInterpreters === undefined ? {} : { warmInterpreters };
}

function untrustedWarning(files: SettingsScopeFile[], state: TrustState, workingDir: string): string {
  const names = files.map((file) => file.displayName).join(' and ');
  const why = state === 'changed' ? 'they changed since this folder was trusted' : 'this folder is not trusted';
  const leftOut = files.map((file) => `${file.displayName}: ${describeContributions(file)}`).join('; ');
  return (
    `Project settings in ${names} were not applied: ${why} (left out: ${leftOut}). ` +
    `Review them, then run \`hookrail hooks trust --cwd ${JSON.stringify(workingDir)}\` to allow them.`
  );
}
