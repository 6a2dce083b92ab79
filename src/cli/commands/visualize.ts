/**
 * `hookrail visualize [--out DIR]`: regenerates the diagrams of every machine (mermaid, SVG, Stately
 * JSON) with the same code as `npm run visualize`. The generator is loaded only when this command
 * runs, so the rest of the CLI never pays for (or depends on) the layout library.
 */
import { resolve } from 'node:path';
import { stringOption } from '../args.js';
import type { CommandDefinition } from '../context.js';
import { CliError, ExitCode } from '../errors.js';

const commandName = 'visualize';

/** The `visualize` command. */
export const visualizeCommand: CommandDefinition = {
  spec: {
    name: commandName,
    summary: 'Regenerate the state-machine diagrams in visualizations/ (mermaid, SVG, Stately JSON)',
    description: [
      'Writes <machine>.mmd, <machine>.svg and <machine>.json for the toolCall, scheduler and modelCall machines, ' +
        'rendered offline. Import a .json file into Stately Studio to explore a machine interactively.',
    ],
    options: {
      out: {
        type: 'string',
        valueName: 'DIR',
        description: 'Output directory (default: visualizations in the current directory).',
      },
    },
    examples: ['hookrail visualize', 'hookrail visualize --out docs/diagrams'],
  },
  execute: async (context, args) => {
    const outDir = resolve(context.io.cwd, stringOption(args, 'out') ?? 'visualizations');
    let generator: typeof import('../../diagrams/visualize.js');
    try {
      generator = await import('../../diagrams/visualize.js');
    } catch (error) {
      throw new CliError(
        `the diagram generator could not be loaded (${error instanceof Error ? error.message : String(error)})`,
        {
          cause: error,
        },
      );
    }
    let written: string[];
    try {
      written = await generator.writeVisualizations({ outDir });
    } catch (error) {
      throw new CliError(
        `cannot write the diagrams to ${outDir}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    for (const file of written) context.render.line(`wrote ${file}`);
    return ExitCode.success;
  },
};
