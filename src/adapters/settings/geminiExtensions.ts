/**
 * Gemini CLI extensions: every directory of `~/.gemini/extensions/` with a `gemini-extension.json`,
 * unless `extension-enablement.json` disables it for this folder (or one given to
 * `loadGeminiExtension`). Hooks only in `hooks/hooks.json`, with `${extensionPath}`, `${workspacePath}`
 * and `${/}` replaced in every string as Gemini CLI does; they speak Gemini CLI's dialect. What they
 * share with Claude Code plugins is in extensions.ts.
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, join, resolve, sep } from 'node:path';
import type { ExtensionConfig } from '../../hooks/engine/config.js';
import { isPlainObject } from '../../values.js';
import { readJsonFile } from '../jsonFile.js';
import {
  displayFor,
  extensionConfigOf,
  readJsonSource,
  toScopeFiles,
  type ExtensionDirectory,
  type ReadExtensionOptions,
} from './extensions.js';
import type { SettingsScopeFile } from './scopeFile.js';

/** Gemini CLI's substitutions in an extension's `hooks/hooks.json` strings. */
function substituteGeminiVariables(value: unknown, variables: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string')
    return value.replace(/\$\{(extensionPath|workspacePath|\/)\}/g, (whole, name: string) => variables[name] ?? whole);
  if (Array.isArray(value)) return value.map((item) => substituteGeminiVariables(item, variables));
  if (isPlainObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, substituteGeminiVariables(item, variables)]),
    );
  return value;
}

async function geminiExtensionDirectory(
  dir: string,
  workingDir: string,
  display: (path: string) => string,
): Promise<ExtensionDirectory> {
  const manifestPath = join(dir, 'gemini-extension.json');
  const manifest = await readJsonSource(manifestPath, display(manifestPath));
  const problems = [...manifest.problems];
  if (!manifest.exists)
    problems.push({
      path: '',
      message: `${display(manifestPath)} is missing: not a Gemini CLI extension`,
      severity: 'error',
    });
  if (manifest.value?.['hooks'] !== undefined) {
    problems.push({
      path: 'hooks',
      message: `${display(manifestPath)}: Gemini CLI reads an extension's hooks from hooks/hooks.json only; ignored`,
      severity: 'warning',
    });
  }
  const name =
    typeof manifest.value?.['name'] === 'string' && manifest.value['name'] !== ''
      ? manifest.value['name']
      : basename(dir);
  const path = join(dir, 'hooks', 'hooks.json');
  const source = await readJsonSource(path, display(path));
  if (source.value) {
    for (const key of Object.keys(source.value)) {
      if (key !== 'hooks' && key !== 'description')
        source.problems.push({
          path: key,
          message: 'Gemini CLI reads only "hooks" from an extension\'s hooks.json; ignored',
          severity: 'warning',
        });
    }
    const substituted = substituteGeminiVariables(source.value['hooks'], {
      extensionPath: dir,
      workspacePath: workingDir,
      '/': sep,
    });
    source.value = { hooks: substituted };
  }
  return { name, sources: [source], problems };
}

/** Reads a Gemini CLI extension directory's `hooks/hooks.json`. Never throws. */
export async function readGeminiExtension(options: ReadExtensionOptions): Promise<SettingsScopeFile[]> {
  const dir = resolve(options.dir);
  const display = displayFor(options);
  const directory = await geminiExtensionDirectory(dir, resolve(options.workingDir ?? process.cwd()), display);
  return toScopeFiles({ directory, scope: 'extension', dialect: 'gemini', display });
}

/** The directories of the installed Gemini CLI extensions enabled for `workingDir`. */
export async function discoverGeminiExtensions(options: {
  extensionsDir: string;
  workingDir: string;
}): Promise<string[]> {
  const entries = await readdir(options.extensionsDir, { withFileTypes: true }).catch(() => []);
  const enablement = await readJsonFile(join(options.extensionsDir, 'extension-enablement.json')).catch(() => ({
    exists: false as const,
  }));
  const rules = enablement.exists && isPlainObject(enablement.value) ? enablement.value : {};
  const found: string[] = [];
  for (const entry of entries.sort((left, right) => left.name.localeCompare(right.name))) {
    if (!entry.isDirectory()) continue;
    const dir = join(options.extensionsDir, entry.name);
    const manifest = await stat(join(dir, 'gemini-extension.json')).catch(() => undefined);
    if (!manifest?.isFile()) continue;
    const rule = rules[entry.name];
    const overrides =
      isPlainObject(rule) && Array.isArray(rule['overrides'])
        ? rule['overrides'].filter((item): item is string => typeof item === 'string')
        : [];
    if (isExtensionEnabled(overrides, options.workingDir)) found.push(dir);
  }
  return found;
}

/**
 * Gemini CLI's `extension-enablement.json` overrides: path rules, `!` disables, a trailing `/*`
 * covers the folders below, the last rule that matches wins; no rule means enabled.
 */
export function isExtensionEnabled(overrides: readonly string[], workingDir: string): boolean {
  const folder = resolve(workingDir);
  let enabled = true;
  for (const rule of overrides) {
    const negated = rule.startsWith('!');
    const pattern = (negated ? rule.slice(1) : rule).replace(/\/+$/, '');
    const recursive = pattern.endsWith('/*');
    const base = resolve(recursive ? pattern.slice(0, -2) || '/' : pattern);
    if (folder === base || (recursive && folder.startsWith(base.endsWith(sep) ? base : base + sep))) enabled = !negated;
  }
  return enabled;
}

/** A Gemini CLI extension as a `Config` extension, for hosts (`workingDir` fills `${workspacePath}`). */
export async function loadGeminiExtension(
  dir: string,
  options: { workingDir?: string } = {},
): Promise<ExtensionConfig> {
  const root = resolve(dir);
  return extensionConfigOf(
    await geminiExtensionDirectory(root, resolve(options.workingDir ?? process.cwd()), (path) => path),
    'gemini',
    undefined,
  );
}
