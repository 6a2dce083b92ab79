/**
 * Claude Code plugins — directories that bring hooks — and the reading both they and Gemini CLI
 * extensions (geminiExtensions.ts) use: a hooks file with its problems, a directory's hooks as settings
 * scope files, and as a `Config` extension for hosts.
 *
 * A Claude Code plugin (`--plugin DIR`, a settings file's `plugins`, or `loadClaudePlugin` for a host):
 * `.claude-plugin/plugin.json` (optional; its `hooks` may name other files or hold the hooks inline) and
 * `hooks/hooks.json` (`{"description"?, "hooks": {...}}`, Claude Code's names and seconds). Its hooks
 * speak Claude Code's dialect and run with `CLAUDE_PLUGIN_ROOT` set to the directory, so
 * `${CLAUDE_PLUGIN_ROOT}/scripts/x.sh` finds the plugin's scripts, and `CLAUDE_PLUGIN_DATA` set to its
 * persistent data directory (claudePluginData.ts); its user options are set as
 * `CLAUDE_PLUGIN_OPTION_<KEY>` and replace `${user_config.KEY}` (pluginUserConfig.ts).
 */
import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { ExtensionConfig } from '../../hooks/engine/config.js';
import type { HookConfigProblem } from '../../hooks/validation/hookProblems.js';
import { isPlainObject } from '../../values.js';
import { readJsonFile } from '../jsonFile.js';
import { claudePluginDataDirectory, INLINE_PLUGIN_MARKETPLACE, prepareClaudePluginData } from './claudePluginData.js';
import { pluginOptionValues, pluginOptionVariables, substituteUserConfig } from './pluginUserConfig.js';
import { displayPath, isProjectScope, type SettingsScope } from './settingsLocations.js';
import { emptyScopeFile, readSettingsObject } from './settingsScopeFile.js';
import type { SettingsScopeFile } from './scopeFile.js';

/** One source of hooks inside a plugin or extension directory. */
export interface HooksSource {
  /** The file they are in (the manifest itself for inline hooks). */
  path: string;
  /** The settings-shaped object `{ hooks: {...} }`, or `undefined` when the file is missing or broken. */
  value: Record<string, unknown> | undefined;
  exists: boolean;
  problems: HookConfigProblem[];
}

/** What a plugin or extension directory holds. */
export interface ExtensionDirectory {
  name: string;
  /** A Claude Code plugin's manifest `userConfig`: the options it declares (pluginUserConfig.ts). */
  userConfig?: unknown;
  sources: HooksSource[];
  /** Problems with the directory or its manifest, reported on the first source. */
  problems: HookConfigProblem[];
}

/** Options for {@link readClaudePlugin} and {@link readGeminiExtension}. */
export interface ReadExtensionOptions {
  /** The plugin or extension directory. */
  dir: string;
  /** For display names and Gemini's `${workspacePath}`; default `process.cwd()`. */
  workingDir?: string;
  /** For display names and a Claude plugin's `CLAUDE_PLUGIN_DATA`; default `os.homedir()`. */
  homeDir?: string;
}

/** A Claude Code plugin to read: where it comes from, for its `CLAUDE_PLUGIN_DATA`. */
export interface ReadClaudePluginOptions extends ReadExtensionOptions {
  scope?: 'plugin' | 'project-plugin';
  /** The marketplace it was installed from; default `inline` (a directory named on the command line or in `plugins`). */
  marketplace?: string;
  /** The settings files read, for the plugin's option values (`pluginConfigs`). */
  files?: readonly SettingsScopeFile[];
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}

/** One hooks file of a plugin or extension, read with its problems. */
export async function readJsonSource(path: string, displayName: string): Promise<HooksSource> {
  try {
    const content = await readJsonFile(path, { displayName });
    if (!content.exists) return { path, value: undefined, exists: false, problems: [] };
    if (!isPlainObject(content.value))
      return {
        path,
        value: undefined,
        exists: true,
        problems: [{ path: '', message: 'expected a JSON object; this file is ignored', severity: 'error' }],
      };
    return { path, value: content.value, exists: true, problems: [] };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const message = text.startsWith(`${displayName}: `) ? text.slice(displayName.length + 2) : text;
    return {
      path,
      value: undefined,
      exists: true,
      problems: [{ path: '', message: `${message}; this file is ignored`, severity: 'error' }],
    };
  }
}

/** The hooks sources of a Claude Code plugin: the manifest's `hooks` (paths or inline), else `hooks/hooks.json`. */
async function claudePluginDirectory(dir: string, display: (path: string) => string): Promise<ExtensionDirectory> {
  const manifestPath = join(dir, '.claude-plugin', 'plugin.json');
  const manifest = await readJsonSource(manifestPath, display(manifestPath));
  const problems = [...manifest.problems];
  const name =
    typeof manifest.value?.['name'] === 'string' && manifest.value['name'] !== ''
      ? manifest.value['name']
      : basename(dir);
  const declared = manifest.value?.['hooks'];
  const sources: HooksSource[] = [];
  if (isPlainObject(declared)) {
    sources.push({
      path: manifestPath,
      value: isPlainObject(declared['hooks']) ? declared : { hooks: declared },
      exists: true,
      problems: [],
    });
  } else if (typeof declared === 'string' || Array.isArray(declared)) {
    const paths = (Array.isArray(declared) ? declared : [declared]).filter(
      (entry): entry is string => typeof entry === 'string',
    );
    for (const relativePath of paths) {
      const path = resolve(dir, relativePath);
      const source = await readJsonSource(path, display(path));
      if (!source.exists)
        source.problems.push({
          path: '',
          message: `named by ${display(manifestPath)} "hooks" but not found`,
          severity: 'error',
        });
      sources.push(source);
    }
  } else {
    if (declared !== undefined)
      problems.push({
        path: 'hooks',
        message: `${display(manifestPath)}: expected a path, a list of paths or a hooks object; ignored`,
        severity: 'warning',
      });
    const path = join(dir, 'hooks', 'hooks.json');
    sources.push(await readJsonSource(path, display(path)));
  }
  return { name, sources, problems, userConfig: manifest.value?.['userConfig'] };
}

/** Options of {@link toScopeFiles}. */
export interface ExtensionFilesOptions {
  directory: ExtensionDirectory;
  scope: SettingsScope;
  dialect: 'claude' | 'gemini';
  env?: Record<string, string>;
  display: (path: string) => string;
}

/** A plugin's or extension's hooks files as settings scope files. */
export function toScopeFiles({ directory, scope, dialect, env, display }: ExtensionFilesOptions): SettingsScopeFile[] {
  return directory.sources.map((source, index) => {
    const file = emptyScopeFile({ scope, path: source.path, displayName: display(source.path), dialect });
    file.sourceName = directory.name;
    file.exists = source.exists;
    file.problems.push(...(index === 0 ? directory.problems : []), ...source.problems);
    if (source.value) readSettingsObject(source.value, file, { hookrailSwitches: false, ...(env ? { env } : {}) });
    return file;
  });
}

/** How paths are shown in messages: relative to the working directory or home when under them. */
export function displayFor(options: ReadExtensionOptions): (path: string) => string {
  const context = {
    workingDir: resolve(options.workingDir ?? process.cwd()),
    homeDir: resolve(options.homeDir ?? homedir()),
  };
  return (path) => displayPath(path, context);
}

/** Reads a Claude Code plugin directory's hooks, one scope file per hooks file. Never throws. */
export async function readClaudePlugin(options: ReadClaudePluginOptions): Promise<SettingsScopeFile[]> {
  const dir = resolve(options.dir);
  const display = displayFor(options);
  if (!(await isDirectory(dir))) {
    return toScopeFiles({
      directory: {
        name: basename(dir),
        sources: [{ path: dir, value: undefined, exists: false, problems: [] }],
        problems: [{ path: '', message: 'Claude Code plugin directory not found', severity: 'error' }],
      },
      scope: options.scope ?? 'plugin',
      dialect: 'claude',
      display,
    });
  }
  const directory = withUserConfig(await claudePluginDirectory(dir, display), options);
  const env = await claudePluginEnvironment({
    root: dir,
    pluginName: directory.name,
    marketplace: options.marketplace,
    homeDir: options.homeDir,
    files: options.files,
    userConfig: directory.userConfig,
  });
  return toScopeFiles({ directory, scope: options.scope ?? 'plugin', dialect: 'claude', env, display });
}

/** A Claude Code plugin's hooks with `${user_config.KEY}` replaced (pluginUserConfig.ts), the hooks that cannot run left out with a warning. */
function withUserConfig(
  directory: ExtensionDirectory,
  options: { marketplace?: string; files?: readonly SettingsScopeFile[] },
): ExtensionDirectory {
  const pluginId = `${directory.name}@${options.marketplace ?? INLINE_PLUGIN_MARKETPLACE}`;
  const values = pluginOptionValues({ userConfig: directory.userConfig, pluginId, files: options.files });
  const sources = directory.sources.map((source) => {
    if (source.value === undefined) return source;
    const substituted = substituteUserConfig({
      hooks: source.value['hooks'],
      pluginName: directory.name,
      pluginId,
      values,
    });
    return {
      ...source,
      value: { ...source.value, hooks: substituted.hooks },
      problems: [...source.problems, ...substituted.problems],
    };
  });
  return { ...directory, sources };
}

/**
 * Reads the Claude Code plugins named on the command line (`plugin`) and by settings files' `plugins`
 * (`project-plugin` when a project file names one, so trust covers it), each once.
 */
export async function readNamedPlugins(
  files: readonly SettingsScopeFile[],
  cliPluginDirs: readonly string[],
  context: { workingDir: string; homeDir: string },
): Promise<SettingsScopeFile[]> {
  const named: Array<{ dir: string; scope: 'plugin' | 'project-plugin' }> = [
    ...cliPluginDirs.map((dir) => ({ dir, scope: 'plugin' as const })),
    ...files.flatMap((file) =>
      file.pluginDirs.map((dir) => ({
        dir,
        scope: isProjectScope(file.scope) ? ('project-plugin' as const) : ('plugin' as const),
      })),
    ),
  ];
  const seen = new Set<string>();
  const unique = named.filter((entry) => !seen.has(entry.dir) && seen.add(entry.dir));
  const read = await Promise.all(
    unique.map((entry) => readClaudePlugin({ dir: entry.dir, scope: entry.scope, files, ...context })),
  );
  return read.flat();
}

/** The hooks object a plugin or extension brings, as written, for `Config.extensions`. */
export async function extensionConfigOf(
  directory: ExtensionDirectory,
  dialect: 'claude' | 'gemini',
  env: Record<string, string> | undefined,
): Promise<ExtensionConfig> {
  const hooks: Record<string, unknown[]> = {};
  for (const source of directory.sources) {
    const value = source.value?.['hooks'];
    if (!isPlainObject(value)) continue;
    for (const [event, groups] of Object.entries(value))
      if (Array.isArray(groups)) (hooks[event] ??= []).push(...groups);
  }
  return { name: directory.name, isActive: true, hooks, dialect, ...(env ? { env } : {}) };
}

/**
 * A Claude Code plugin as a `Config` extension, for hosts: `new Config({ extensions: [await
 * loadClaudePlugin(dir)] })`. Problems in its files are left out; `readClaudePlugin` reports them.
 */
export async function loadClaudePlugin(
  dir: string,
  options: { homeDir?: string; marketplace?: string } = {},
): Promise<ExtensionConfig> {
  const root = resolve(dir);
  const directory = withUserConfig(await claudePluginDirectory(root, (path) => path), options);
  return extensionConfigOf(
    directory,
    'claude',
    await claudePluginEnvironment({ root, pluginName: directory.name, userConfig: directory.userConfig, ...options }),
  );
}

/**
 * The variables a Claude Code plugin's hooks run with: `CLAUDE_PLUGIN_ROOT`, `CLAUDE_PLUGIN_DATA`
 * (created) and `CLAUDE_PLUGIN_OPTION_<KEY>` for each option with a value.
 */
async function claudePluginEnvironment(options: {
  root: string;
  pluginName: string;
  marketplace?: string;
  homeDir?: string;
  files?: readonly SettingsScopeFile[];
  userConfig?: unknown;
}): Promise<Record<string, string>> {
  const data = claudePluginDataDirectory({
    homeDir: resolve(options.homeDir ?? homedir()),
    pluginName: options.pluginName,
    marketplace: options.marketplace,
  });
  await prepareClaudePluginData(data);
  const pluginId = `${options.pluginName}@${options.marketplace ?? INLINE_PLUGIN_MARKETPLACE}`;
  const values = pluginOptionValues({ userConfig: options.userConfig, pluginId, files: options.files });
  return { ...pluginOptionVariables(values), CLAUDE_PLUGIN_ROOT: options.root, CLAUDE_PLUGIN_DATA: data };
}
