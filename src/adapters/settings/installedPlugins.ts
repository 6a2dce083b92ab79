/**
 * Claude Code plugins installed the way Claude Code installs them, switched on in `enabledPlugins`.
 *
 * Claude Code records installed plugins in `~/.claude/plugins/installed_plugins.json`:
 * `{ "version": 2, "plugins": { "name@marketplace": [{ "scope", "installPath", "version",
 * "lastUpdated", "projectPath"? }] } }` (version 1 holds one object per plugin instead of a list), the
 * plugin's files in `~/.claude/plugins/cache/<marketplace>/<name>/<version>/`. A settings file's
 * `enabledPlugins: { "name@marketplace": true }` switches one on; the most specific file that names it
 * decides (the managed file first, then local, project, user). A plugin a project file switches on is
 * trusted with the project. An entry installed for a project (`scope` `project` or `local`) counts only
 * in that project. A switched-on plugin hookrail cannot find is a warning naming it and the file.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { isPlainObject } from '../../values.js';
import { readJsonFile } from '../jsonFile.js';
import { readClaudePlugin } from './extensions.js';
import { displayPath, isProjectScope } from './settingsLocations.js';
import type { SettingsScopeFile } from './scopeFile.js';

/** What {@link readInstalledPlugins} needs. */
export interface ReadInstalledPluginsOptions {
  /** Every settings file read, in priority order (their `enabledPlugins`). */
  files: readonly SettingsScopeFile[];
  /** `~/.claude/plugins`. */
  pluginsDir: string;
  workingDir: string;
  homeDir: string;
  /** Plugin directories already read (`--plugin`, `plugins`): not read twice. */
  alreadyRead?: readonly string[];
}

/** The enabled installed plugins' files (each tagged with its `pluginId`) and a warning per plugin not found. */
export async function readInstalledPlugins(
  options: ReadInstalledPluginsOptions,
): Promise<{ files: SettingsScopeFile[]; warnings: string[] }> {
  const enabled = enabledPluginIds(options.files);
  if (enabled.length === 0) return { files: [], warnings: [] };
  const context = { workingDir: options.workingDir, homeDir: options.homeDir };
  const registryPath = join(options.pluginsDir, 'installed_plugins.json');
  const registry = await readJsonFile(registryPath).catch(() => ({ exists: false as const }));
  const installed =
    registry.exists && isPlainObject(registry.value) && isPlainObject(registry.value['plugins'])
      ? registry.value['plugins']
      : {};
  const files: SettingsScopeFile[] = [];
  const warnings: string[] = [];
  const seen = new Set(options.alreadyRead ?? []);
  for (const { id, file } of enabled) {
    const [name = id, marketplace] = id.split('@');
    const registered = installed[id] !== undefined;
    // The cache is looked in only for a plugin the registry does not list: a listed one installed for another project does not count here.
    const dir =
      installPathOf(installed[id], options.workingDir) ??
      (registered ? undefined : await cachedVersion(join(options.pluginsDir, 'cache', marketplace ?? '', name)));
    if (dir === undefined || !(await isDirectory(dir))) {
      const registry = displayPath(registryPath, context);
      const where =
        dir !== undefined
          ? `its directory ${displayPath(dir, context)} is missing`
          : registered
            ? `${registry} lists it for other projects only`
            : `not in ${registry} or its cache`;
      warnings.push(
        `${file.displayName}: enabledPlugins: ${JSON.stringify(id)} is switched on but hookrail cannot find it (${where}); its hooks do not run`,
      );
      continue;
    }
    if (seen.has(dir)) continue;
    seen.add(dir);
    const scope = isProjectScope(file.scope) ? 'project-plugin' : 'plugin';
    const read = await readClaudePlugin({ dir, scope, marketplace, files: options.files, ...context });
    for (const pluginFile of read) pluginFile.pluginId = id;
    files.push(...read);
  }
  return { files, warnings };
}

/** The plugins switched on, each with the file that decides it: the managed file first, then the rest in priority order. */
function enabledPluginIds(files: readonly SettingsScopeFile[]): Array<{ id: string; file: SettingsScopeFile }> {
  const ordered = [
    ...files.filter((file) => file.scope === 'claude-managed'),
    ...files.filter((file) => file.scope !== 'claude-managed'),
  ];
  const decided = new Map<string, { on: boolean; file: SettingsScopeFile }>();
  for (const file of ordered) {
    if (!file.exists || file.enabledPlugins === undefined) continue;
    for (const [id, on] of Object.entries(file.enabledPlugins)) if (!decided.has(id)) decided.set(id, { on, file });
  }
  return [...decided].filter(([, decision]) => decision.on).map(([id, decision]) => ({ id, file: decision.file }));
}

/** The install path of a registry entry for this project: the most recently updated one that applies. */
function installPathOf(entry: unknown, workingDir: string): string | undefined {
  const entries = (Array.isArray(entry) ? entry : [entry]).filter(isPlainObject);
  const applicable = entries.filter((candidate) => {
    const scope = candidate['scope'];
    if (scope !== 'project' && scope !== 'local') return true;
    return typeof candidate['projectPath'] === 'string' && resolve(candidate['projectPath']) === resolve(workingDir);
  });
  const sorted = applicable.sort((left, right) =>
    String(right['lastUpdated'] ?? '').localeCompare(String(left['lastUpdated'] ?? '')),
  );
  const path = sorted.find((candidate) => typeof candidate['installPath'] === 'string')?.['installPath'];
  return typeof path === 'string' ? path : undefined;
}

/** A plugin in the cache without a registry entry: its newest version directory (by name), if any. */
async function cachedVersion(dir: string): Promise<string | undefined> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const versions = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  if (versions.length === 0) return undefined;
  versions.sort((left, right) => left.localeCompare(right, undefined, { numeric: true }));
  return join(dir, versions[versions.length - 1]!);
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}
