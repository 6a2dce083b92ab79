/**
 * A Claude Code plugin's persistent data directory, `${CLAUDE_PLUGIN_DATA}`: state that survives the
 * plugin's updates, under `~/.claude/plugins/data/<id>`, where the id is the plugin's
 * `name@marketplace` with every character other than a letter, digit, `_` or `-` turned into `-`
 * (`clone@clone-labs` → `clone-clone-labs`). A plugin named with `--plugin DIR` or a settings file's
 * `plugins` comes from no marketplace; Claude Code's `--plugin-dir` calls that marketplace `inline`.
 * The directory is created when the plugin is loaded, as Claude Code creates it, so a hook can write to
 * it at once.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The marketplace a plugin loaded from a directory is counted in. */
export const INLINE_PLUGIN_MARKETPLACE = 'inline';

/** What {@link claudePluginDataDirectory} needs. */
export interface ClaudePluginDataOptions {
  homeDir: string;
  /** The plugin's name (its manifest's `name`, else its directory's). */
  pluginName: string;
  /** Default {@link INLINE_PLUGIN_MARKETPLACE}. */
  marketplace?: string;
}

/** `~/.claude/plugins/data/<name>-<marketplace>`, sanitised as above. */
export function claudePluginDataDirectory(options: ClaudePluginDataOptions): string {
  const id = `${options.pluginName}@${options.marketplace ?? INLINE_PLUGIN_MARKETPLACE}`.replace(
    /[^A-Za-z0-9_-]/g,
    '-',
  );
  return join(options.homeDir, '.claude', 'plugins', 'data', id);
}

/** Creates the data directory; a failure (a read-only home) leaves the variable set and the hook to report it. */
export async function prepareClaudePluginData(directory: string): Promise<void> {
  await mkdir(directory, { recursive: true }).catch(() => undefined);
}
