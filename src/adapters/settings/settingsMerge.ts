/**
 * How the settings files of every scope combine into what `Config` takes (HOOK-086), with the rules
 * that keep a lower scope from weakening a higher one:
 *
 * - A file that is not trusted (a project file in a folder the user has not trusted) contributes
 *   nothing: not its hooks, not its `disabledHooks`, not its `enableHooks`, not its `hookEnvironment`,
 *   not its `warmInterpreters`.
 * - The system file (`/etc/hookrail/settings.json` or `HOOKRAIL_SYSTEM_SETTINGS`) can pin a hook with
 *   `"pinned": true`: no `disabledHooks` entry switches it off, a lower scope's `"enableHooks": false`
 *   leaves it running (only the system file's own `"enableHooks": false` stops it), and it is placed
 *   first so that a copy of its command in a lower scope cannot shadow it (HOOK-090 keeps the first).
 *   `pinned` anywhere else is a warning and is ignored. Hooks of Claude Code's managed policy file and
 *   of Gemini CLI's system settings are pinned the same way, without saying so.
 * - Before all this, each host's own switches (`disableAllHooks`, `allowManagedHooksOnly`,
 *   `hooksConfig.enabled`, the http hook policy) are applied across its files (hostSwitches.ts).
 */
import { hookEventNames, type HookEventName } from '../../hooks/protocol/events.js';
import type { HookConfig, HookDefinition, HooksSettings } from '../../hooks/protocol/hookConfig.js';
import { applyHostSwitches, type SwitchedOffFile } from './hostSwitches.js';
import { isManagedScope, type SettingsScope } from './settingsLocations.js';
import type { SettingsScopeFile } from './scopeFile.js';

/**
 * What the applied files (trusted, existing) add up to: every setting a file contributes, declared
 * here once (`LoadedSettings` extends it).
 */
export interface MergedSettings {
  /** Hook groups that run: pinned system hooks first, then every applied file's, per event in priority order. */
  hooks: HooksSettings;
  /** Union of every applied file's `disabledHooks` (names or commands), minus entries naming a pinned hook. */
  disabledHooks: string[];
  /**
   * Whether the hook system runs at all: false when an applied file says `"enableHooks": false` (and no
   * pinned hook keeps running); else true when any hooks are configured or a file says true.
   */
  enableHooks: boolean;
  /** Display names of the applied files whose `"enableHooks": false` is in force. */
  switchedOffBy: string[];
  /** True when a lower scope's `"enableHooks": false` left only the hooks the system file pins. */
  onlyPinnedHooks: boolean;
  /** Union of every applied file's `hookEnvironment.withhold`: variables no hook process receives. */
  withheldVariables: string[];
  /** `warmInterpreters` of the highest-priority applied file that sets it; absent: the default. */
  warmInterpreters?: number;
  /** Pinning and host-policy warnings, each naming its file and JSON path. */
  warnings: string[];
  /** Files whose hooks a Claude Code or Gemini CLI switch leaves out (hostSwitches.ts), with the reason. */
  offFiles: SwitchedOffFile[];
}

/** HOOK-086: merges the trusted files (given in priority order) under the pinning rules above. */
export function mergeSettingsFiles(files: readonly SettingsScopeFile[]): MergedSettings {
  const switched = applyHostSwitches(files.filter((file) => file.trusted && file.exists));
  const applied = switched.files;
  const warnings: string[] = [...switched.warnings];
  const systemFiles = applied.filter((file) => file.scope === 'system' || isManagedScope(file.scope));
  const pinned = mergeHooksSettings(
    systemFiles.map((file) => selectHooks(file.hooks, (hook) => isPinnedHook(file.scope, hook))),
  );
  const pinnedKeys = new Set(
    listHooks(pinned).flatMap((hook) => [hook.name, hook.command].filter((key): key is string => key !== undefined)),
  );
  const pinnedBy = systemFiles.map((file) => file.displayName).join(' and ');

  const disabledHooks: string[] = [];
  for (const file of applied) {
    file.disabledHooks.forEach((entry, index) => {
      if (pinnedKeys.has(entry)) {
        const path = file.disabledHookPaths?.[index] ?? 'disabledHooks';
        warnings.push(
          `${file.displayName}: ${path}: ${JSON.stringify(entry)} is pinned by the system settings (${pinnedBy}); it stays enabled`,
        );
      } else if (!disabledHooks.includes(entry)) {
        disabledHooks.push(entry);
      }
    });
  }

  const unpinned = mergeHooksSettings(
    applied.map((file) =>
      systemFiles.includes(file) ? selectHooks(file.hooks, (hook) => !isPinnedHook(file.scope, hook)) : file.hooks,
    ),
  );
  const systemOff = applied
    .filter((file) => file.scope === 'system' && file.enableHooks === false)
    .map((file) => file.displayName);
  const lowerOff = applied
    .filter((file) => file.scope !== 'system' && file.enableHooks === false)
    .map((file) => file.displayName);
  const withheldVariables = [...new Set(applied.flatMap((file) => file.withheldVariables))];
  const warmInterpreters = applied.find((file) => file.warmInterpreters !== undefined)?.warmInterpreters;
  const base = {
    disabledHooks,
    withheldVariables,
    warnings,
    offFiles: switched.offFiles,
    ...(warmInterpreters === undefined ? {} : { warmInterpreters }),
  };

  if (systemOff.length > 0) {
    return {
      ...base,
      hooks: mergeHooksSettings([pinned, unpinned]),
      enableHooks: false,
      switchedOffBy: systemOff,
      onlyPinnedHooks: false,
    };
  }
  if (lowerOff.length > 0) {
    if (!hasHooks(pinned)) {
      return {
        ...base,
        hooks: mergeHooksSettings([pinned, unpinned]),
        enableHooks: false,
        switchedOffBy: lowerOff,
        onlyPinnedHooks: false,
      };
    }
    const count = countHooks(pinned);
    warnings.push(
      `${lowerOff.join(' and ')} ${lowerOff.length === 1 ? 'says' : 'say'} "enableHooks": false: every hook is off except the ` +
        `${count} pinned by the system settings (${pinnedBy})`,
    );
    return { ...base, hooks: pinned, enableHooks: true, switchedOffBy: lowerOff, onlyPinnedHooks: true };
  }
  const hooks = mergeHooksSettings([pinned, unpinned]);
  const enableHooks = hasHooks(hooks) || applied.some((file) => file.enableHooks === true);
  return { ...base, hooks, enableHooks, switchedOffBy: [], onlyPinnedHooks: false };
}

/**
 * True for a hook the system file pins (only hooks read from the system scope keep `pinned`), and for
 * every hook of Claude Code's managed policy file and Gemini CLI's system settings: a host's policy.
 */
export function isPinnedHook(scope: SettingsScope, hook: HookConfig): boolean {
  return (scope === 'system' && hook.pinned === true) || isManagedScope(scope);
}

/** HOOK-086: concatenates hook groups per event, first argument first (highest priority first). */
export function mergeHooksSettings(settingsList: readonly HooksSettings[]): HooksSettings {
  const merged: HooksSettings = {};
  for (const eventName of hookEventNames) {
    const groups = settingsList.flatMap((settings) => settings[eventName] ?? []);
    if (groups.length > 0) merged[eventName] = groups;
  }
  return merged;
}

/** True when any event has at least one hook. */
export function hasHooks(hooks: HooksSettings): boolean {
  return hookEventNames.some((eventName) => (hooks[eventName] ?? []).some((definition) => definition.hooks.length > 0));
}

/** How many hooks `hooks` holds, for one event or for all of them. */
export function countHooks(hooks: HooksSettings, eventName?: HookEventName): number {
  return (eventName === undefined ? hookEventNames : [eventName]).reduce(
    (count, event) => count + (hooks[event] ?? []).reduce((sum, group) => sum + group.hooks.length, 0),
    0,
  );
}

/** A file's contributions in one line (`2 hooks, disabledHooks ["guard"], enableHooks: false`), for warnings and listings. */
export function describeContributions(
  file: Pick<SettingsScopeFile, 'hooks' | 'disabledHooks' | 'enableHooks' | 'withheldVariables' | 'warmInterpreters'>,
): string {
  const hookCount = countHooks(file.hooks);
  return [
    ...(hookCount > 0 ? [`${hookCount} ${hookCount === 1 ? 'hook' : 'hooks'}`] : []),
    ...(file.disabledHooks.length > 0 ? [`disabledHooks ${JSON.stringify(file.disabledHooks)}`] : []),
    ...(file.enableHooks !== undefined ? [`enableHooks: ${file.enableHooks}`] : []),
    ...(file.withheldVariables.length > 0
      ? [`hookEnvironment.withhold ${JSON.stringify(file.withheldVariables)}`]
      : []),
    ...(file.warmInterpreters !== undefined ? [`warmInterpreters: ${file.warmInterpreters}`] : []),
  ].join(', ');
}

/** True when a file would change what runs: hooks, `disabledHooks`, `enableHooks`, `hookEnvironment` or `warmInterpreters`. */
export function contributesSettings(
  file: Pick<SettingsScopeFile, 'hooks' | 'disabledHooks' | 'enableHooks' | 'withheldVariables' | 'warmInterpreters'>,
): boolean {
  return (
    hasHooks(file.hooks) ||
    file.disabledHooks.length > 0 ||
    file.enableHooks !== undefined ||
    file.withheldVariables.length > 0 ||
    file.warmInterpreters !== undefined
  );
}

function selectHooks(hooks: HooksSettings, keep: (hook: HookConfig) => boolean): HooksSettings {
  const selected: HooksSettings = {};
  for (const eventName of hookEventNames) {
    const groups: HookDefinition[] = [];
    for (const group of hooks[eventName] ?? []) {
      const kept = group.hooks.filter(keep);
      if (kept.length > 0) groups.push({ ...group, hooks: kept });
    }
    if (groups.length > 0) selected[eventName] = groups;
  }
  return selected;
}

function listHooks(hooks: HooksSettings): HookConfig[] {
  return hookEventNames.flatMap((eventName) => (hooks[eventName] ?? []).flatMap((group) => group.hooks));
}
