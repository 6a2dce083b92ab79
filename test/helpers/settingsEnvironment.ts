/**
 * Helpers for the settings, Claude Code settings and trust tests: a temporary HOME, project folder
 * and system settings file (never the real ones), and commands that run the fixture hook scripts.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach } from 'vitest';
import { TrustStore } from '../../src/adapters/settings/trust.js';

/** Absolute path of one script in `test/fixtures/settings/hooks/`. */
export function settingsHookFixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/settings/hooks/${name}`, import.meta.url));
}

/** A temporary home, project and system settings file, with a trust store inside the home. */
export class SettingsEnvironment {
  readonly root: string;
  readonly home: string;
  readonly project: string;
  readonly systemFile: string;
  readonly env: NodeJS.ProcessEnv;
  readonly trustFile: string;
  readonly trustWarnings: string[] = [];
  readonly trustStore: TrustStore;

  constructor() {
    this.root = realpathSync(mkdtempSync(join(tmpdir(), 'hookrail-settings-')));
    this.home = join(this.root, 'home');
    this.project = join(this.root, 'project');
    this.systemFile = join(this.root, 'etc', 'hookrail', 'settings.json');
    mkdirSync(this.home, { recursive: true });
    mkdirSync(this.project, { recursive: true });
    this.env = {
      HOOKRAIL_SYSTEM_SETTINGS: this.systemFile,
      HOOKRAIL_CLAUDE_MANAGED_SETTINGS: this.claudeManagedFile,
      GEMINI_CLI_SYSTEM_SETTINGS_PATH: this.geminiSystemFile,
    };
    this.trustFile = join(this.home, '.hookrail', 'trusted-folders.json');
    this.trustStore = new TrustStore({
      file: this.trustFile,
      onWarning: (message) => this.trustWarnings.push(message),
    });
  }

  /** The options every `loadSettings` call in the tests shares. */
  loadOptions(): { workingDir: string; homeDir: string; env: NodeJS.ProcessEnv; trustStore: TrustStore } {
    return { workingDir: this.project, homeDir: this.home, env: this.env, trustStore: this.trustStore };
  }

  /** Writes `content` (JSON-encoded unless a string) to `file`, creating its directory. Returns the path. */
  write(file: string, content: unknown): string {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    return file;
  }

  /** Claude Code's managed policy file, here instead of /etc/claude-code/managed-settings.json. */
  get claudeManagedFile(): string {
    return join(this.root, 'etc', 'claude-code', 'managed-settings.json');
  }

  /** A file in Claude Code's managed drop-in directory, `managed-settings.d/` beside the managed file. */
  claudeManagedDropIn(name: string): string {
    return join(dirname(this.claudeManagedFile), 'managed-settings.d', name);
  }

  /** Gemini CLI's system defaults, beside its system settings, as Gemini CLI finds them without a variable. */
  get geminiSystemDefaultsFile(): string {
    return join(dirname(this.geminiSystemFile), 'system-defaults.json');
  }

  /** Gemini CLI's system settings, here instead of /etc/gemini-cli/settings.json. */
  get geminiSystemFile(): string {
    return join(this.root, 'etc', 'gemini-cli', 'settings.json');
  }

  /** `~/.hookrail/settings.json` */
  get userFile(): string {
    return join(this.home, '.hookrail', 'settings.json');
  }

  /** `<project>/.hookrail/settings.json` */
  get projectFile(): string {
    return join(this.project, '.hookrail', 'settings.json');
  }

  /** `~/.claude/settings.json` */
  get claudeUserFile(): string {
    return join(this.home, '.claude', 'settings.json');
  }

  /** `<project>/.claude/settings.json` */
  get claudeProjectFile(): string {
    return join(this.project, '.claude', 'settings.json');
  }

  /** `<project>/.claude/settings.local.json` */
  get claudeLocalFile(): string {
    return join(this.project, '.claude', 'settings.local.json');
  }

  /** `~/.gemini/settings.json` */
  get geminiUserFile(): string {
    return join(this.home, '.gemini', 'settings.json');
  }

  /** `<project>/.gemini/settings.json` */
  get geminiProjectFile(): string {
    return join(this.project, '.gemini', 'settings.json');
  }

  /** A file path inside the environment (not created). */
  path(...segments: string[]): string {
    return join(this.root, ...segments);
  }

  /** The command that runs `append-name.sh`, appending `name` to `logFile`. */
  appendNameCommand(logFile: string, name: string): string {
    return `sh "${settingsHookFixture('append-name.sh')}" "${logFile}" ${name}`;
  }

  /** Lines appended to a log file by `append-name.sh` (empty when it was never written). */
  readLines(file: string): string[] {
    try {
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line !== '');
    } catch {
      return [];
    }
  }

  cleanup(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** A settings `hooks` object with one group for `eventName` running `command`. */
export function oneHook(
  eventName: string,
  command: string,
  extra: { matcher?: string; timeout?: number; sequential?: boolean } = {},
): Record<string, unknown> {
  const { timeout, ...group } = extra;
  return {
    [eventName]: [{ ...group, hooks: [{ type: 'command', command, ...(timeout !== undefined ? { timeout } : {}) }] }],
  };
}

/**
 * A fresh {@link SettingsEnvironment} for each test of the calling file, removed after it: the value
 * returned stands for the current test's environment (reading it outside a test throws).
 */
export function useSettingsEnvironment(): SettingsEnvironment {
  let current: SettingsEnvironment | undefined;
  beforeEach(() => {
    current = new SettingsEnvironment();
  });
  afterEach(() => {
    current?.cleanup();
    current = undefined;
  });
  return new Proxy({} as SettingsEnvironment, {
    get(_target, key) {
      if (!current) throw new Error('the settings environment exists only while a test runs');
      const value: unknown = Reflect.get(current, key, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}
