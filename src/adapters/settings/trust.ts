/**
 * The trust store: which project folders may run their own hooks. A project's `.hookrail/settings.json`
 * and `.claude/settings.json` come with the repository, so cloning a repository must not be enough
 * to run its commands. Trust is keyed by the folder's real path AND a fingerprint of its hook
 * commands and of the switches that weaken other scopes' hooks (`disabledHooks`, `enableHooks`,
 * `hookEnvironment`), so a changed or added command, or a newly disabled hook, needs trust again.
 */
import { createHash } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { HookrailFileError } from '../../errors.js';
import { DebugLogger } from '../../debugLogger.js';
import { hookEventNames } from '../../hooks/protocol/events.js';
import { isPlainObject } from '../../values.js';
import type { HooksSettings } from '../../hooks/protocol/hookConfig.js';
import { readJsonFile, writeJsonFileAtomic } from '../jsonFile.js';

/** The trust file's location under a home directory: `~/.hookrail/trusted-folders.json`. */
export function defaultTrustFile(homeDir: string = homedir()): string {
  return join(homeDir, '.hookrail', 'trusted-folders.json');
}

/** Options for {@link TrustStore}. */
export interface TrustStoreOptions {
  /** Default `~/.hookrail/trusted-folders.json`. */
  file?: string;
  /** Receives warnings (a corrupt trust file) from `isTrusted`, `trust` and `revoke`. Default: a DebugLogger warning. */
  onWarning?: (message: string) => void;
}

/** `trusted`: fingerprint matches; `untrusted`: folder never trusted; `changed`: trusted, but its hooks changed since. */
export type TrustState = 'trusted' | 'untrusted' | 'changed';

/** The outcome of {@link TrustStore.check}. */
export interface TrustCheck {
  state: TrustState;
  /** The folder's real path, the key in the trust file. */
  projectDir: string;
  /** The fingerprint of the hooks that were checked. */
  fingerprint: string;
  /** Problems with the trust file itself (it was treated as empty or an entry was ignored). */
  warnings: string[];
}

/** One trusted folder as stored in the trust file. */
export interface TrustedFolder {
  fingerprint: string;
  trustedAt: string;
}

interface TrustFileContent {
  folders: Map<string, TrustedFolder>;
  warnings: string[];
}

const trustFileVersion = 1;

/** What a project's settings say besides hooks; each can weaken what other scopes configured. */
export interface ProjectSwitches {
  disabledHooks?: readonly string[];
  enableHooks?: boolean;
  /** `hookEnvironment.withhold` patterns. */
  withheldVariables?: readonly string[];
  /** `warmInterpreters`: how many interpreters a project may keep running idle. */
  warmInterpreters?: number;
}

/**
 * A sha256 over the sorted `(event, matcher, type, command[, args/url/headers/allowedEnvVars/if/prompt/model/maxTurns])`
 * tuples of every hook, plus one tuple per switch the project sets: order, timeouts and names do not
 * matter, any change to what would run, or to what is switched off, does. Without switches (and for
 * plain command hooks) the fingerprint is what it was before, so folders trusted earlier stay trusted.
 */
export function fingerprintHooks(hooks: HooksSettings, switches: ProjectSwitches = {}): string {
  const tuples: string[] = [];
  for (const eventName of hookEventNames) {
    for (const definition of hooks[eventName] ?? []) {
      for (const hook of definition.hooks ?? []) {
        const tuple: unknown[] = [eventName, definition.matcher ?? '', hook.type, hook.command ?? ''];
        // What else decides what runs (exec-form args, an http hook's URL and headers, `if`,
        // a judged hook's prompt, model and turns); appended only when present, so the fingerprints of
        // plain command hooks stay as they were.
        const beyondCommand = Object.fromEntries(
          (['args', 'url', 'headers', 'allowedEnvVars', 'if', 'prompt', 'model', 'maxTurns'] as const)
            .map((field) => [field, (hook as unknown as Record<string, unknown>)[field]] as const)
            .filter(([, value]) => value !== undefined),
        );
        if (Object.keys(beyondCommand).length > 0) tuple.push(beyondCommand);
        tuples.push(JSON.stringify(tuple));
      }
    }
  }
  for (const entry of switches.disabledHooks ?? []) tuples.push(JSON.stringify(['disabledHooks', entry]));
  if (switches.enableHooks !== undefined) tuples.push(JSON.stringify(['enableHooks', switches.enableHooks]));
  for (const pattern of switches.withheldVariables ?? [])
    tuples.push(JSON.stringify(['hookEnvironment.withhold', pattern]));
  if (switches.warmInterpreters !== undefined)
    tuples.push(JSON.stringify(['warmInterpreters', switches.warmInterpreters]));
  tuples.sort();
  return `sha256:${createHash('sha256').update(tuples.join('\n')).digest('hex')}`;
}

/** The key a folder is stored under: its real path (symlinks resolved), or its absolute path if it does not exist. */
export async function canonicalProjectDir(projectDir: string): Promise<string> {
  const absolute = resolve(projectDir);
  try {
    return await realpath(absolute);
  } catch {
    return absolute;
  }
}

/** Project-folder trust, persisted in one JSON file written atomically. */
export class TrustStore {
  readonly file: string;
  private readonly onWarning: (message: string) => void;
  /** Serialises this instance's read-modify-write cycles so concurrent `trust` calls do not lose entries. */
  private pending: Promise<unknown> = Promise.resolve();

  constructor(options: TrustStoreOptions = {}) {
    this.file = options.file ?? defaultTrustFile();
    const logger = new DebugLogger('hookrail:trust');
    this.onWarning = options.onWarning ?? ((message) => logger.warn(message));
  }

  /** Whether `projectDir` is trusted for exactly these hooks and switches, with the reason and any trust-file warnings. */
  async check(projectDir: string, hooks: HooksSettings, switches: ProjectSwitches = {}): Promise<TrustCheck> {
    const key = await canonicalProjectDir(projectDir);
    const fingerprint = fingerprintHooks(hooks, switches);
    const content = await this.read();
    const entry = content.folders.get(key);
    const state: TrustState = !entry ? 'untrusted' : entry.fingerprint === fingerprint ? 'trusted' : 'changed';
    return { state, projectDir: key, fingerprint, warnings: content.warnings };
  }

  /** True when `projectDir` was trusted with exactly these hooks and switches. Never throws on a corrupt trust file. */
  async isTrusted(projectDir: string, hooks: HooksSettings, switches: ProjectSwitches = {}): Promise<boolean> {
    const result = await this.check(projectDir, hooks, switches);
    result.warnings.forEach(this.onWarning);
    return result.state === 'trusted';
  }

  /** Trusts `projectDir` with these hooks and switches, replacing an earlier entry. */
  async trust(projectDir: string, hooks: HooksSettings, switches: ProjectSwitches = {}): Promise<void> {
    const key = await canonicalProjectDir(projectDir);
    const fingerprint = fingerprintHooks(hooks, switches);
    await this.update((folders) => {
      folders.set(key, { fingerprint, trustedAt: new Date().toISOString() });
      return true;
    });
  }

  /** Forgets `projectDir`; resolves `true` when it was trusted. */
  async revoke(projectDir: string): Promise<boolean> {
    const key = await canonicalProjectDir(projectDir);
    return this.update((folders) => folders.delete(key));
  }

  /** Every trusted folder, keyed by real path. */
  async list(): Promise<Map<string, TrustedFolder>> {
    const content = await this.read();
    content.warnings.forEach(this.onWarning);
    return content.folders;
  }

  private update(change: (folders: Map<string, TrustedFolder>) => boolean): Promise<boolean> {
    const run = async (): Promise<boolean> => {
      const content = await this.read();
      content.warnings.forEach(this.onWarning);
      if (!change(content.folders)) return false;
      const folders = Object.fromEntries([...content.folders].sort(([left], [right]) => left.localeCompare(right)));
      await writeJsonFileAtomic(this.file, { version: trustFileVersion, folders }, { mode: 0o600 });
      return true;
    };
    const result = this.pending.then(run, run);
    this.pending = result.catch(() => undefined);
    return result;
  }

  /** Reads the trust file; anything wrong with it is a warning and an empty (or partial) store, never a throw. */
  private async read(): Promise<TrustFileContent> {
    const folders = new Map<string, TrustedFolder>();
    const warnings: string[] = [];
    let value: unknown;
    try {
      const content = await readJsonFile(this.file);
      if (!content.exists) return { folders, warnings };
      value = content.value;
    } catch (error) {
      const message = error instanceof HookrailFileError ? error.message : `${this.file}: ${String(error)}`;
      warnings.push(`${message}; the trust file is treated as empty, so no project folder is trusted`);
      return { folders, warnings };
    }
    const stored = isPlainObject(value) ? value['folders'] : undefined;
    if (!isPlainObject(stored)) {
      warnings.push(
        `${this.file}: expected an object with a "folders" object; the trust file is treated as empty, so no project folder is trusted`,
      );
      return { folders, warnings };
    }
    for (const [folder, entry] of Object.entries(stored)) {
      if (isPlainObject(entry) && typeof entry['fingerprint'] === 'string') {
        const trustedAt = typeof entry['trustedAt'] === 'string' ? entry['trustedAt'] : '';
        folders.set(folder, { fingerprint: entry['fingerprint'], trustedAt });
      } else {
        warnings.push(
          `${this.file}: folders[${JSON.stringify(folder)}]: expected an object with a string "fingerprint"; entry ignored`,
        );
      }
    }
    return { folders, warnings };
  }
}
