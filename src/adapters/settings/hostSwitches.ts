/**
 * The switches Claude Code and Gemini CLI apply across their settings files, after precedence, as the
 * hosts apply them (each file only records what it says: settingsSwitches.ts):
 *
 * - Claude Code, `disableAllHooks`: `true` in the managed policy file switches off every Claude hook,
 *   managed ones included; elsewhere the most specific file that sets it decides (local over project
 *   over user), and `true` switches off every Claude hook except the managed ones.
 * - Claude Code, `allowManagedHooksOnly: true` (managed file only): only managed hooks run, and the
 *   hooks of plugins the managed file itself switches on in `enabledPlugins`.
 * - Claude Code, `allowedHttpHookUrls` (lists merge across files; `*` matches any text): a Claude http
 *   hook whose URL matches none is left out; an empty list leaves every one out.
 *   `httpHookAllowedEnvVars` (merged likewise) cuts each Claude http hook's `allowedEnvVars` to it.
 * - Gemini CLI, `hooksConfig.enabled`: the system settings file decides first, then the project file,
 *   then the user file, then the system defaults; `false` switches off every Gemini hook (extensions' too).
 * - Among Claude Code's managed files (the base file, then its `managed-settings.d` drop-ins in name
 *   order), the last one that sets `disableAllHooks` or `allowManagedHooksOnly` decides it.
 *
 * Hooks from the managed and system files are not switched off by anything else (they act as `pinned`:
 * settingsMerge.ts).
 */
import { hookEventNames } from '../../hooks/protocol/events.js';
import type { HookConfig, HookDefinition, HooksSettings } from '../../hooks/protocol/hookConfig.js';
import { isManagedScope } from './settingsLocations.js';
import type { SettingsScopeFile } from './scopeFile.js';

/** A file whose hooks a host switch leaves out, and why. */
export interface SwitchedOffFile {
  path: string;
  displayName: string;
  reason: string;
}

/** What {@link applyHostSwitches} gives. */
export interface HostSwitchesResult {
  /** The files with hooks that still run (copies where a policy removed or narrowed hooks), in order. */
  files: SettingsScopeFile[];
  offFiles: SwitchedOffFile[];
  warnings: string[];
}

/** Applies every host switch above to the applied (trusted, existing) files, given in priority order. */
export function applyHostSwitches(applied: readonly SettingsScopeFile[]): HostSwitchesResult {
  const offFiles: SwitchedOffFile[] = [];
  const off = new Set<SettingsScopeFile>();
  const switchOff = (file: SettingsScopeFile, reason: string): void => {
    if (off.has(file) || !hasAnyHook(file.hooks)) return;
    off.add(file);
    offFiles.push({ path: file.path, displayName: file.displayName, reason });
  };
  const claude = applied.filter((file) => file.dialect === 'claude');
  const managed = claude.filter((file) => file.scope === 'claude-managed');
  // Among managed files (the base file, then its drop-ins in name order) a later file's value wins.
  const managedOff = managed.findLast((file) => file.claudeDisableAllHooks !== undefined);
  if (managedOff?.claudeDisableAllHooks === true) {
    for (const file of claude) switchOff(file, `"disableAllHooks": true in ${managedOff.displayName} (managed policy)`);
  } else {
    const deciding = claude.find((file) => !isManagedScope(file.scope) && file.claudeDisableAllHooks !== undefined);
    if (deciding?.claudeDisableAllHooks === true)
      for (const file of claude)
        if (!isManagedScope(file.scope)) switchOff(file, `"disableAllHooks": true in ${deciding.displayName}`);
    const managedOnly = managed.findLast((file) => file.claudePolicy?.allowManagedHooksOnly !== undefined);
    if (managedOnly?.claudePolicy?.allowManagedHooksOnly === true) {
      const forced = new Set(
        managed.flatMap((file) =>
          Object.entries(file.enabledPlugins ?? {})
            .filter(([, on]) => on)
            .map(([id]) => id),
        ),
      );
      for (const file of claude) {
        if (isManagedScope(file.scope) || (file.pluginId !== undefined && forced.has(file.pluginId))) continue;
        switchOff(file, `"allowManagedHooksOnly": true in ${managedOnly.displayName} (managed policy)`);
      }
    }
  }
  const gemini = applied.filter((file) => file.dialect === 'gemini');
  const geminiDeciding = [
    ...gemini.filter((file) => file.scope === 'gemini-system'),
    ...gemini.filter((file) => file.scope !== 'gemini-system'),
  ].find((file) => file.geminiHooksEnabled !== undefined && file.scope !== 'extension');
  if (geminiDeciding?.geminiHooksEnabled === false)
    for (const file of gemini) switchOff(file, `"hooksConfig.enabled": false in ${geminiDeciding.displayName}`);

  const warnings: string[] = [];
  const running = applied
    .filter((file) => !off.has(file))
    .map((file) => (file.dialect === 'claude' ? applyHttpPolicy(file, claude, warnings) : file));
  return { files: running, offFiles, warnings };
}

/** Gemini CLI reads extensions only while its hooks are on (the same deciding file as above). */
export function geminiHooksEnabled(files: readonly SettingsScopeFile[]): boolean {
  const gemini = files.filter(
    (file) =>
      file.trusted && file.dialect === 'gemini' && file.geminiHooksEnabled !== undefined && file.scope !== 'extension',
  );
  const deciding = gemini.find((file) => file.scope === 'gemini-system') ?? gemini[0];
  return deciding?.geminiHooksEnabled !== false;
}

/** A Claude file's hooks under the merged `allowedHttpHookUrls` and `httpHookAllowedEnvVars` of every Claude file. */
function applyHttpPolicy(
  file: SettingsScopeFile,
  claude: readonly SettingsScopeFile[],
  warnings: string[],
): SettingsScopeFile {
  const urls = mergedList(claude, 'allowedHttpHookUrls');
  const variables = mergedList(claude, 'httpHookAllowedEnvVars');
  if (urls === undefined && variables === undefined) return file;
  const hooks = mapHooks(file.hooks, (hook) => {
    if (hook.type !== 'http') return hook;
    if (urls !== undefined && !urls.some((pattern) => wildcardMatches(pattern, hook.url))) {
      warnings.push(
        `${file.displayName}: the http hook to ${hook.url} is left out: allowedHttpHookUrls (${JSON.stringify(urls)}) does not allow its URL`,
      );
      return undefined;
    }
    if (variables === undefined || hook.allowedEnvVars === undefined) return hook;
    return { ...hook, allowedEnvVars: hook.allowedEnvVars.filter((name) => variables.includes(name)) };
  });
  return { ...file, hooks };
}

function mergedList(
  files: readonly SettingsScopeFile[],
  key: 'allowedHttpHookUrls' | 'httpHookAllowedEnvVars',
): string[] | undefined {
  const lists = files.map((file) => file.claudePolicy?.[key]).filter((list): list is string[] => list !== undefined);
  return lists.length === 0 ? undefined : [...new Set(lists.flat())];
}

/** `*` matches any run of characters; everything else literally, over the whole URL. */
function wildcardMatches(pattern: string, url: string): boolean {
  const parts = pattern.split('*');
  if (parts.length === 1) return pattern === url;
  if (!url.startsWith(parts[0]!) || !url.endsWith(parts[parts.length - 1]!)) return false;
  let position = parts[0]!.length;
  const end = url.length - parts[parts.length - 1]!.length;
  for (const part of parts.slice(1, -1)) {
    const found = url.indexOf(part, position);
    if (found < 0 || found + part.length > end) return false;
    position = found + part.length;
  }
  return position <= end;
}

function mapHooks(hooks: HooksSettings, map: (hook: HookConfig) => HookConfig | undefined): HooksSettings {
  const mapped: HooksSettings = {};
  for (const eventName of hookEventNames) {
    const groups: HookDefinition[] = [];
    for (const group of hooks[eventName] ?? []) {
      const kept = group.hooks
        .map((hook) => map(hook))
        .filter((hook): hook is HookDefinition['hooks'][number] => hook !== undefined);
      if (kept.length > 0) groups.push({ ...group, hooks: kept });
    }
    if (groups.length > 0) mapped[eventName] = groups;
  }
  return mapped;
}

function hasAnyHook(hooks: HooksSettings): boolean {
  return hookEventNames.some((eventName) => (hooks[eventName] ?? []).some((group) => group.hooks.length > 0));
}
