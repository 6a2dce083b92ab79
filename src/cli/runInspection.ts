/**
 * What `hookrail run --inspect FILE` and `--inspect-serve` set up around a run: the recording's
 * sinks (the JSONL file, started anew; the live report server on 127.0.0.1), the header record with
 * the diagrams of the project's machines, and after the run, serving the finished report until
 * Ctrl-C. The live server (and the report code it loads) is imported only when asked for.
 */
import { writeFileSync } from 'node:fs';
import { projectMachineGraphs } from '../diagrams/projectMachines.js';
import type { Config } from '../hooks/engine/config.js';
import { toConfiguredHookRecords } from '../inspection/hookRecords.js';
import { fileRecordSink, type InspectOption, type RecordSink } from '../inspection/recorder.js';
import { INSPECTION_FORMAT_VERSION, type ConfiguredHookRecord } from '../inspection/records.js';
import type { CommandContext } from './context.js';
import { CliError } from './errors.js';

/** What {@link startRunInspection} needs. */
export interface RunInspectionOptions {
  /** `--inspect FILE`, resolved. */
  file?: string;
  /** `--inspect-serve`. */
  serve: boolean;
  /** `--port`; default: one the system chooses. */
  port?: number;
  model: string;
  config: Config;
  title?: string;
}

/** The run's `inspect` option, and what to do once the run is over. */
export interface RunInspection {
  inspect: InspectOption | undefined;
  /** With a live server: tells open pages the run is over, serves until Ctrl-C, then closes. */
  afterRun(): Promise<void>;
}

/** Opens the sinks and writes the header; nothing at all without `--inspect` or `--inspect-serve`. */
export async function startRunInspection(
  context: CommandContext,
  options: RunInspectionOptions,
): Promise<RunInspection> {
  const sinks: RecordSink[] = [];
  if (options.file !== undefined) {
    try {
      writeFileSync(options.file, '');
    } catch {
      // The file sink's first write fails the same way and warns once, naming the file.
    }
    sinks.push(fileRecordSink(options.file, options.config.getDebugLogger()));
  }
  let server: Awaited<ReturnType<typeof import('../inspection/liveServer.js').startLiveReportServer>> | undefined;
  if (options.serve) {
    const { startLiveReportServer } = await import('../inspection/liveServer.js');
    const { graphToSvg } = await import('../diagrams/visualizeSvg.js');
    try {
      server = await startLiveReportServer({
        port: options.port,
        machines: projectMachineGraphs(),
        renderSvg: (graph) => graphToSvg(graph, { interactive: true }),
        title: options.title ?? 'hookrail run',
      });
    } catch (error) {
      throw new CliError(
        `cannot serve the live report on 127.0.0.1:${options.port ?? 0}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    sinks.push(server);
    context.render.note(`live report: ${server.url}`);
  }
  if (sinks.length === 0) return { inspect: undefined, afterRun: async () => {} };
  const sink: RecordSink = { write: (record) => sinks.forEach((target) => target.write(record)) };
  const hooks = await configuredHooks(options.config);
  sink.write({
    type: 'hookrail.run',
    time: Date.now(),
    version: INSPECTION_FORMAT_VERSION,
    machines: projectMachineGraphs(),
    model: options.model,
    sessionId: options.config.getSessionId(),
    workingDir: options.config.getWorkingDir(),
    ...(options.title ? { title: options.title } : {}),
    ...(hooks ? { hooks } : {}),
  });
  return {
    inspect: { sink },
    afterRun: async () => {
      if (!server) return;
      server.finish();
      if (!context.signal.aborted) {
        context.render.note(`the run is over; the report stays at ${server.url} until Ctrl-C`);
        await new Promise<void>((resolve) => context.signal.addEventListener('abort', () => resolve(), { once: true }));
      }
      await server.close();
    },
  };
}

/** The run's configured hooks for the header, or `undefined` when hooks are off or the registry cannot load (the run reports that). */
async function configuredHooks(config: Config): Promise<ConfiguredHookRecord[] | undefined> {
  const hookSystem = config.getHookSystem();
  if (!hookSystem) return undefined;
  try {
    await hookSystem.initialize();
  } catch {
    return undefined;
  }
  return toConfiguredHookRecords(hookSystem.getRegistry().getAllHooks());
}
