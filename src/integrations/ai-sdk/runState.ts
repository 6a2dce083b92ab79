/**
 * What the tool wrapper, the model middleware and the run lifecycle of one `createHookrail` share:
 * the Config, the tool names, the recorder of the `inspect` option, and whether a hook asked the run
 * to stop (`continue: false`), which `stopWhen` reads.
 */
import { writeFileSync } from 'node:fs';
import { projectMachineGraphs } from '../../diagrams/projectMachines.js';
import type { Config } from '../../hooks/engine/config.js';
import { createInspectionRecorder, type InspectionRecorder, type InspectOption } from '../../inspection/recorder.js';
import { INSPECTION_FORMAT_VERSION } from '../../inspection/records.js';
import type { ToolNames } from './toolNames.js';

/** The state of one hooked AI SDK agent. */
export interface HookedRunState {
  readonly config: Config;
  readonly toolNames: ToolNames;
  /** Present with an `inspect` option. */
  readonly recorder: InspectionRecorder | undefined;
  /** Set when a hook asked the run to stop; cleared when the next prompt starts. */
  stopReason: string | undefined;
  /** Model calls so far: the turn number of the inspection records. */
  modelCalls: number;
}

/** Options of {@link createRunRecorder}. */
export interface RunRecorderOptions {
  inspect: InspectOption;
  config: Config;
  /** The report's title. */
  title: string;
}

/**
 * The recorder of an `inspect` option. A file starts anew with the `hookrail.run` header (the
 * diagrams of the machines, so `hookrail inspect` can draw their paths), as `--inspect` writes it;
 * a sink gets the header first; a callback gets the raw XState events only.
 */
export function createRunRecorder(options: RunRecorderOptions): InspectionRecorder {
  const { inspect, config } = options;
  if (typeof inspect !== 'function' && 'file' in inspect) {
    try {
      writeFileSync(inspect.file, '');
    } catch {
      // The recorder's first write fails the same way and warns once, naming the file.
    }
  }
  const recorder = createInspectionRecorder(inspect, config.getDebugLogger());
  recorder.record({
    type: 'hookrail.run',
    time: Date.now(),
    version: INSPECTION_FORMAT_VERSION,
    machines: projectMachineGraphs(),
    sessionId: config.getSessionId(),
    workingDir: config.getWorkingDir(),
    title: options.title,
  });
  return recorder;
}
