/**
 * In-process function hooks (a callable action): what a host writes, typed per
 * event. `run` gets the very object a command hook reads on stdin (native names) and answers with
 * the fields a command hook prints on stdout — or nothing, which allows.
 */
import type { HookEventName } from './events.js';
import type { FunctionHookContext, HookCommonFields } from './hookConfig.js';
import type {
  AfterAgentInput,
  AfterModelInput,
  AfterToolInput,
  BeforeAgentInput,
  BeforeModelInput,
  BeforeToolInput,
  BeforeToolSelectionInput,
  NotificationInput,
  PreCompressInput,
  SessionEndInput,
  SessionStartInput,
} from './inputs.js';
import type {
  AdditionalContextSpecificOutput,
  AfterModelSpecificOutput,
  BeforeModelSpecificOutput,
  BeforeToolSelectionSpecificOutput,
  BeforeToolSpecificOutput,
  HookOutput,
} from './outputs.js';

/** A hook output whose `hookSpecificOutput` has the event's own fields. */
export type HookOutputWith<Specific> = Omit<HookOutput, 'hookSpecificOutput'> & { hookSpecificOutput?: Specific };

/** Each event's input object and output fields, for typing function hooks. */
export interface HookEventTypes {
  [HookEventName.BeforeTool]: {
    input: BeforeToolInput;
    output: HookOutputWith<BeforeToolSpecificOutput & AdditionalContextSpecificOutput>;
  };
  [HookEventName.AfterTool]: { input: AfterToolInput; output: HookOutputWith<AdditionalContextSpecificOutput> };
  [HookEventName.BeforeAgent]: { input: BeforeAgentInput; output: HookOutputWith<AdditionalContextSpecificOutput> };
  [HookEventName.AfterAgent]: { input: AfterAgentInput; output: HookOutputWith<AdditionalContextSpecificOutput> };
  [HookEventName.Notification]: { input: NotificationInput; output: HookOutput };
  [HookEventName.SessionStart]: { input: SessionStartInput; output: HookOutputWith<AdditionalContextSpecificOutput> };
  [HookEventName.SessionEnd]: { input: SessionEndInput; output: HookOutput };
  [HookEventName.PreCompress]: { input: PreCompressInput; output: HookOutput };
  [HookEventName.BeforeModel]: { input: BeforeModelInput; output: HookOutputWith<BeforeModelSpecificOutput> };
  [HookEventName.AfterModel]: { input: AfterModelInput; output: HookOutputWith<AfterModelSpecificOutput> };
  [HookEventName.BeforeToolSelection]: {
    input: BeforeToolSelectionInput;
    output: HookOutputWith<BeforeToolSelectionSpecificOutput>;
  };
}

/** The input object of `Event`'s hooks. */
export type HookInputFor<Event extends HookEventName> = HookEventTypes[Event]['input'];

/** The output fields `Event`'s hooks may answer with. */
export type HookOutputFor<Event extends HookEventName> = HookEventTypes[Event]['output'];

/** What a function hook may return: the event's output fields, or nothing (allow). */
export type FunctionHookResult<Event extends HookEventName> = HookOutputFor<Event> | undefined | void;

/** A function hook for one event. */
export interface FunctionHookDefinitionFor<Event extends HookEventName> extends Omit<HookCommonFields, 'name'> {
  /** The event, as the enum member or its name (`'BeforeTool'`). */
  event: Event | `${Event}`;
  /** Shown in warnings, `hooks list` and inspection; usable with enable/disable. */
  name: string;
  /** Tool events: a regular expression over tool names, as in settings (HOOK-087..089). */
  matcher?: string;
  /** Run this event's hooks one after another (HOOK-103). */
  sequential?: boolean;
  /**
   * Called with the native input object (a copy: what a command hook reads on stdin). May be async;
   * a throw or rejection is a failure (see `onFailure`). The signal aborts at the timeout.
   */
  run(
    input: HookInputFor<Event>,
    context: FunctionHookContext,
  ): FunctionHookResult<Event> | Promise<FunctionHookResult<Event>>;
}

/**
 * A function hook (`Config.functionHooks`, `HookSystem.registerFunctionHook`). A union
 * over the events, so `event: 'BeforeTool'` types `run`'s input as `BeforeToolInput`.
 */
export type FunctionHookDefinition<Event extends HookEventName = HookEventName> = {
  [Each in Event]: FunctionHookDefinitionFor<Each>;
}[Event];
