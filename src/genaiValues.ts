/**
 * The few values hookrail needs from the Google GenAI SDK's vocabulary. `@google/genai` is an optional
 * peer: nothing imports it at module load. The async entry points of the model path call
 * {@link loadGenAI} once; from then on responses are the SDK's own `GenerateContentResponse` instances
 * (so a host's `instanceof` works, HOOK-141). Without the SDK installed they are plain objects with the
 * same getters, and the library and the CLI run on the scripted model.
 */
import type {
  FinishReason,
  FunctionCall,
  FunctionCallingConfigMode,
  GenerateContentResponse,
  Part,
} from '@google/genai';

/** The SDK's `FunctionCallingConfigMode` values (string enum members, compared by value). */
export const functionCallingMode = {
  AUTO: 'AUTO' as FunctionCallingConfigMode,
  ANY: 'ANY' as FunctionCallingConfigMode,
  NONE: 'NONE' as FunctionCallingConfigMode,
} as const;

/** The SDK's `FinishReason.STOP`. */
export const finishReasonStop = 'STOP' as FinishReason;

/**
 * A response object with the SDK class's everyday getters (`text`, `functionCalls`), so a host reading
 * a scripted or hook-made response sees what it would see on one from the SDK.
 */
class ModelResponse {
  candidates?: GenerateContentResponse['candidates'];

  /** The first candidate's text parts joined, thoughts left out; `undefined` when there are none. */
  get text(): string | undefined {
    const parts: Part[] = this.candidates?.[0]?.content?.parts ?? [];
    const texts = parts
      .filter((part) => typeof part.text === 'string' && part.thought !== true)
      .map((part) => part.text as string);
    return texts.length > 0 ? texts.join('') : undefined;
  }

  /** The first candidate's function calls; `undefined` when there are none. */
  get functionCalls(): FunctionCall[] | undefined {
    const parts: Part[] = this.candidates?.[0]?.content?.parts ?? [];
    const calls = parts
      .filter((part) => part.functionCall !== undefined)
      .map((part) => part.functionCall as FunctionCall);
    return calls.length > 0 ? calls : undefined;
  }
}

type GenAIModule = typeof import('@google/genai');

/** The loaded SDK; `null` once loading failed (not installed), `undefined` before the first attempt. */
let loadedSdk: GenAIModule | null | undefined;

/**
 * Loads `@google/genai` if it is installed (once; later calls return at once). Returns the module, or
 * `undefined` when it is not installed.
 */
export async function loadGenAI(): Promise<GenAIModule | undefined> {
  if (loadedSdk === undefined) {
    try {
      loadedSdk = await import('@google/genai');
    } catch {
      loadedSdk = null;
    }
  }
  return loadedSdk ?? undefined;
}

/**
 * A `GenerateContentResponse` holding `fields`: the SDK's class once {@link loadGenAI} has loaded it,
 * otherwise an object with the class's `text` and `functionCalls` getters.
 */
export function createGenerateContentResponse(fields: Partial<GenerateContentResponse> = {}): GenerateContentResponse {
  const instance = loadedSdk
    ? new loadedSdk.GenerateContentResponse()
    : (new ModelResponse() as unknown as GenerateContentResponse);
  return Object.assign(instance, fields);
}
