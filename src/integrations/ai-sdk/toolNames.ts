/**
 * Tool names between an AI SDK app and hooks: the builder's names (`bash`) map to hookrail's
 * canonical names (`run_shell_command`), so a Gemini CLI matcher `run_shell_command` and a Claude
 * Code matcher `Bash` both apply to the builder's `bash` tool. An unmapped tool keeps its own name.
 */
import { HookConfigError } from '../../errors.js';

/** The builder's tool name → hookrail's canonical name (`{ bash: 'run_shell_command' }`). */
export type ToolNameMapping = Readonly<Record<string, string>>;

/**
 * Both directions of a {@link ToolNameMapping}. Where two of the builder's tools map to one canonical
 * name, a name hooks used maps back to the first of them.
 */
export class ToolNames {
  private readonly toCanonicalName = new Map<string, string>();
  private readonly toBuilderName = new Map<string, string>();

  /** Throws a `HookConfigError` naming `toolNames.<tool>` for a value that is not a tool name. */
  constructor(mapping: ToolNameMapping = {}) {
    for (const [builderName, canonicalName] of Object.entries(mapping)) {
      if (typeof canonicalName !== 'string' || canonicalName.trim() === '') {
        throw new HookConfigError(
          `toolNames.${builderName}`,
          `must be a tool name (a non-empty string), got ${JSON.stringify(canonicalName) ?? String(canonicalName)}`,
        );
      }
      this.toCanonicalName.set(builderName, canonicalName);
      if (!this.toBuilderName.has(canonicalName)) this.toBuilderName.set(canonicalName, builderName);
    }
  }

  /** The name hooks see for the builder's tool. */
  canonical(builderName: string): string {
    return this.toCanonicalName.get(builderName) ?? builderName;
  }

  /** The builder's name for a name hooks used. */
  builder(canonicalName: string): string {
    return this.toBuilderName.get(canonicalName) ?? canonicalName;
  }
}
