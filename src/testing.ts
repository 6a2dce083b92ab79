/**
 * `hookrail/testing`: what tests and benchmarks of hooks need, kept out of the host surface — the
 * scripted model that plays a scenario instead of calling a real one, the scenario format
 * `hookrail run --scenario` reads, and a logger that records what hookrail reported.
 *
 * Rule: a name is here when its use is to stand in for a real model or to observe hookrail from a test;
 * a host's production code never needs it. Stable like `hookrail`: a change to a name here is a
 * breaking change. Every name lives in exactly one entry.
 */

export { ScriptedContentGenerator } from './adapters/models/scriptedModel.js';
export type { ScriptedContentGeneratorOptions } from './adapters/models/scriptedModel.js';
export { loadScenario, parseScenario } from './adapters/models/scenario.js';
export type {
  Scenario,
  ScenarioTurn,
  ScenarioFunctionCall,
  ScenarioExpectation,
  ScenarioSettings,
  ScenarioHookModel,
} from './adapters/models/scenario.js';
export { defaultScenario, DEFAULT_SCENARIO_SOURCE } from './adapters/models/defaultScenario.js';
export { ScenarioError } from './errors.js';
export type { ScenarioProblem } from './errors.js';
export { recordingLogger } from './recordingLogger.js';
export type { RecordingLogger, RecordingLoggerOptions } from './recordingLogger.js';
