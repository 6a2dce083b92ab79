/**
 * Tool names between an AI SDK app and hooks: the builder's names (`bash`) map to hookrail's
 * canonical names (`run_shell_command`), so a Gemini CLI matcher `run_shell_command` and a Claude
 * Code matcher `Bash` both apply to the builder's `bash` tool. An unmapped tool keeps its own name.
 */

/** The builder's tool name → hookrail's canonical name (`{ bash: 'run_shell_command' }`). */
export type ToolNameMapping = Readonly<Record<string, string>>;

/** Both directions of a {@link ToolNameMapping}. */
export class ToolNames {
  private readonly toCanonicalName: ReadonlyMap<string, string>;
  private readonly toBuilderName: ReadonlyMap<string, string>;

  constructor(mapping: ToolNameMapping = {}) {
    this.toCanonicalName = new Map(Object.entries(mapping));
    this.toBuilderName = new Map(Object.entries(mapping).map(([builderName, canonicalName]) => [canonicalName, builderName]));
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
