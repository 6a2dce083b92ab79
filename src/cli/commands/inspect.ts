/**
 * `hookrail inspect RUN.jsonl [--out report.html]`: turns a run recorded with `hookrail run --inspect`
 * into one self-contained HTML report (inspection/report.ts) that opens from disk, offline. The
 * report code (and its layout library) is loaded only when this command runs.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { projectMachineGraphs } from '../../diagrams/projectMachines.js';
import { HookrailFileError } from '../../errors.js';
import { stringOption } from '../args.js';
import type { CommandDefinition } from '../context.js';
import { CliError, ExitCode } from '../errors.js';

const commandName = 'inspect';

/** The `inspect` command. */
export const inspectCommand: CommandDefinition = {
  spec: {
    name: commandName,
    summary: 'Turn a recorded run (run --inspect FILE) into a self-contained HTML report',
    description: [
      'The report shows the session as a timeline (prompts, turns, model and tool calls coloured by outcome), ' +
        "each call's path through its machine on the machine's diagram (step back and forward through the events), " +
        'every hook invocation (input, stdout/stderr, exit code, duration, decision), the session and a summary.',
      'It needs no network: scripts, styles and data are inside the one file. Files recorded by older versions open too.',
    ],
    positionals: [
      { name: 'RUN.jsonl', description: 'A file written by `hookrail run --inspect FILE`.', required: true },
    ],
    options: {
      out: {
        type: 'string',
        valueName: 'FILE',
        description: 'Where to write the report (default: the input with .html).',
      },
    },
    examples: [
      'hookrail run --scenario examples/scenarios/demo.json --inspect run.jsonl',
      'hookrail inspect run.jsonl --out report.html',
    ],
  },
  execute: async (context, args) => {
    const input = resolve(context.io.cwd, args.positionals[0]!);
    const out = resolve(context.io.cwd, stringOption(args, 'out') ?? `${input.replace(/\.jsonl?$/i, '')}.html`);
    let text: string;
    try {
      text = await readFile(input, 'utf8');
    } catch (error) {
      throw new HookrailFileError(
        input,
        `cannot read the recorded run: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    const report = await import('../../inspection/report.js');
    const { graphToSvg } = await import('../../diagrams/visualizeSvg.js');
    const { records, warnings } = report.parseInspectionFile(text, input);
    for (const warning of warnings) context.render.warn(warning);
    const data = report.buildReportData({
      records,
      machines: projectMachineGraphs(),
      renderSvg: (graph) => graphToSvg(graph, { interactive: true }),
      source: basename(input),
      warnings,
    });
    const html = report.renderReportHtml(data);
    try {
      await writeFile(out, html);
    } catch (error) {
      throw new CliError(
        `cannot write the report to ${out}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    context.render.line(
      `wrote ${out} (${data.records.length} records, ${Math.ceil(Buffer.byteLength(html) / 1024)} KiB)`,
    );
    return ExitCode.success;
  },
};
