/**
 * Chooses the model for a run: a scenario (file or object) → the scripted model; otherwise a model
 * name with GEMINI_API_KEY or GOOGLE_API_KEY → Gemini; a model name without a key → a clear error
 * naming the variables to set; nothing at all → the embedded default scenario, so hookrail works
 * offline with no setup.
 */
import type { ContentGenerator } from '../../contentGenerator.js';
import { ModelError } from '../../errors.js';
import { defaultScenario } from './defaultScenario.js';
import { GeminiContentGenerator, type GeminiClient } from './genaiModel.js';
import { loadScenario, type Scenario } from './scenario.js';
import { ScriptedContentGenerator } from './scriptedModel.js';

/** Options for {@link createContentGenerator}. */
export interface CreateContentGeneratorOptions {
  /** A scenario file to play; wins over `model`. */
  scenarioFile?: string;
  /** An already loaded scenario (e.g. the CLI read it for its prompt); wins over `scenarioFile`. */
  scenario?: Scenario;
  /** A Gemini model name, e.g. `gemini-2.5-flash`. Unknown names are sent as they are; the API rejects them. */
  model?: string;
  /** Where the API key (and `GOOGLE_GEMINI_BASE_URL`) are read from. Default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** A Gemini client to use instead of constructing `GoogleGenAI` (tests, proxies). */
  client?: GeminiClient;
}

/** The environment variables that hold a Gemini API key, in the order they are read. */
export const API_KEY_VARIABLES = ['GEMINI_API_KEY', 'GOOGLE_API_KEY'] as const;

/**
 * Creates the generator for a run (see the module comment for the order of precedence).
 * @throws ScenarioError for a missing or invalid scenario file; ModelError for a model without a key.
 */
export async function createContentGenerator(options: CreateContentGeneratorOptions = {}): Promise<ContentGenerator> {
  const env = options.env ?? process.env;
  if (options.scenario) return new ScriptedContentGenerator(options.scenario);
  if (options.scenarioFile) return new ScriptedContentGenerator(await loadScenario(options.scenarioFile));
  const model = options.model?.trim();
  if (model) {
    const apiKey = API_KEY_VARIABLES.map((name) => env[name]?.trim()).find((value) => value);
    if (!apiKey && !options.client) {
      throw new ModelError(
        model,
        `model "${model}" needs a Gemini API key: set GEMINI_API_KEY (or GOOGLE_API_KEY) in the environment, ` +
          'or run offline with a scenario file instead of a model',
      );
    }
    const baseUrl = env.GOOGLE_GEMINI_BASE_URL?.trim() || undefined;
    return new GeminiContentGenerator({ apiKey, model, baseUrl, client: options.client });
  }
  return new ScriptedContentGenerator(defaultScenario);
}

/** Options for {@link createHookModel}. */
export interface CreateHookModelOptions {
  /** The run's generator (from {@link createContentGenerator}). */
  runGenerator: ContentGenerator;
  /** The scenario the run plays, if any; its `hookModel` section scripts the hook model. */
  scenario?: Scenario;
}

/**
 * The hook model of a run (prompt and agent hooks). A scripted run answers with its
 * scenario's `hookModel` turns (none: `undefined`, and judged hooks fail saying so); a real model
 * judges too — a hook's `model` field names another model of the same API.
 */
export function createHookModel(options: CreateHookModelOptions): ContentGenerator | undefined {
  if (!(options.runGenerator instanceof ScriptedContentGenerator)) return options.runGenerator;
  const scenario = options.scenario ?? options.runGenerator.scenario;
  if (!scenario.hookModel) return undefined;
  return new ScriptedContentGenerator({
    name: `${scenario.name}:hookModel`,
    turns: scenario.hookModel.turns,
    file: scenario.file,
  });
}
