/**
 * The optional message-bus extension: components without a Config (an
 * extension, a UI) publish `HOOK_EXECUTION_REQUEST` and get `HOOK_EXECUTION_RESPONSE` with the same
 * correlation id. The subscriber validates the event name and payload, routes to the event handler's
 * `fire*Event()` method and publishes the aggregated result. The direct trigger functions stay the
 * primary path; nothing on the tool or model path goes through the bus.
 */
import { randomUUID } from 'node:crypto';
import type { GenerateContentParameters, GenerateContentResponse } from '@google/genai';
import { InvalidHookRequestError, toError } from '../../errors.js';
import type { Config } from '../engine/config.js';
import type { HookEventHandler } from '../engine/hookEventHandler.js';
import { getReadyHookSystem } from './triggerSupport.js';
import { createEmptyAggregatedResult, type AggregatedHookResult } from '../protocol/results.js';
import { HookEventName, hookEventNames, isHookEventName } from '../protocol/events.js';
import { isPlainObject } from '../../values.js';
import type { HookFireOptions } from '../protocol/hookConfig.js';
import type { SessionEndInput, SessionStartInput, PreCompressInput } from '../protocol/inputs.js';

/** The two message types of the hook extension. */
export enum MessageBusType {
  HOOK_EXECUTION_REQUEST = 'hook-execution-request',
  HOOK_EXECUTION_RESPONSE = 'hook-execution-response',
}

/**
 * Asks for one event fire. `payload` holds the event's fields under their stdin names
 * (`tool_name`, `tool_input`, `tool_response`, `prompt`, ...); model events carry SDK objects
 * (`GenerateContentParameters` / `GenerateContentResponse`) under `llm_request` / `llm_response`.
 */
export interface HookExecutionRequest {
  type: MessageBusType.HOOK_EXECUTION_REQUEST;
  correlationId: string;
  eventName: HookEventName;
  payload: Record<string, unknown>;
}

/** The aggregated result of the request with the same `correlationId`; `error` says why it was not fired. */
export interface HookExecutionResponse {
  type: MessageBusType.HOOK_EXECUTION_RESPONSE;
  correlationId: string;
  result: AggregatedHookResult;
  error?: string;
}

/** Every message the hook extension publishes. */
export type HookBusMessage = HookExecutionRequest | HookExecutionResponse;

type MessageOf<Type extends MessageBusType> = Extract<HookBusMessage, { type: Type }>;
type Listener<Type extends MessageBusType> = (message: MessageOf<Type>) => void;

/** A minimal typed publish/subscribe bus. Listeners run synchronously; one that throws does not stop the others. */
export class MessageBus {
  private readonly listeners = new Map<MessageBusType, Set<(message: HookBusMessage) => void>>();

  /** Adds a listener for one message type; returns the function that removes it. */
  subscribe<Type extends MessageBusType>(type: Type, listener: Listener<Type>): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    const untyped = listener as (message: HookBusMessage) => void;
    set.add(untyped);
    return () => {
      set.delete(untyped);
    };
  }

  /** Delivers a message to every listener of its type. */
  publish(message: HookBusMessage): void {
    for (const listener of [...(this.listeners.get(message.type) ?? [])]) {
      try {
        listener(message);
      } catch {
        // One broken listener must not keep the message from the others.
      }
    }
  }

  /** How many listeners a message type has. */
  listenerCount(type: MessageBusType): number {
    return this.listeners.get(type)?.size ?? 0;
  }
}

function requirePayloadString(payload: Record<string, unknown>, field: string): string {
  const value = payload[field];
  if (typeof value !== 'string') throw new InvalidHookRequestError(`payload.${field} must be a string`);
  return value;
}

function requirePayloadObject(payload: Record<string, unknown>, field: string): Record<string, unknown> {
  const value = payload[field];
  if (!isPlainObject(value)) throw new InvalidHookRequestError(`payload.${field} must be an object`);
  return value;
}

function optionalPayloadObject(payload: Record<string, unknown>, field: string): Record<string, unknown> {
  return payload[field] === undefined ? {} : requirePayloadObject(payload, field);
}

/** Routes a validated request to the matching `fire*Event()` method. */
function route(
  eventHandler: HookEventHandler,
  eventName: HookEventName,
  payload: Record<string, unknown>,
  options: HookFireOptions,
): Promise<AggregatedHookResult> {
  switch (eventName) {
    case HookEventName.BeforeTool:
      return eventHandler.fireBeforeToolEvent(
        requirePayloadString(payload, 'tool_name'),
        optionalPayloadObject(payload, 'tool_input'),
        options,
      );
    case HookEventName.AfterTool:
      return eventHandler.fireAfterToolEvent(
        requirePayloadString(payload, 'tool_name'),
        optionalPayloadObject(payload, 'tool_input'),
        requirePayloadObject(payload, 'tool_response'),
        options,
      );
    case HookEventName.BeforeModel:
      return eventHandler.fireBeforeModelEvent(
        requirePayloadObject(payload, 'llm_request') as unknown as GenerateContentParameters,
        options,
      );
    case HookEventName.AfterModel:
      return eventHandler.fireAfterModelEvent(
        requirePayloadObject(payload, 'llm_request') as unknown as GenerateContentParameters,
        requirePayloadObject(payload, 'llm_response') as unknown as GenerateContentResponse,
        options,
      );
    case HookEventName.BeforeToolSelection:
      return eventHandler.fireBeforeToolSelectionEvent(
        requirePayloadObject(payload, 'llm_request') as unknown as GenerateContentParameters,
        options,
      );
    case HookEventName.BeforeAgent:
      return eventHandler.fireBeforeAgentEvent(requirePayloadString(payload, 'prompt'), options);
    case HookEventName.AfterAgent:
      return eventHandler.fireAfterAgentEvent(
        requirePayloadString(payload, 'prompt'),
        requirePayloadString(payload, 'prompt_response'),
        payload['stop_hook_active'] === true,
        options,
      );
    case HookEventName.SessionStart:
      return eventHandler.fireSessionStartEvent(
        requirePayloadString(payload, 'source') as SessionStartInput['source'],
        options,
      );
    case HookEventName.SessionEnd:
      return eventHandler.fireSessionEndEvent(
        requirePayloadString(payload, 'reason') as SessionEndInput['reason'],
        options,
      );
    case HookEventName.PreCompress:
      return eventHandler.firePreCompressEvent(
        requirePayloadString(payload, 'trigger') as PreCompressInput['trigger'],
        options,
      );
    case HookEventName.Notification:
      return eventHandler.fireNotificationEvent(
        requirePayloadString(payload, 'notification_type'),
        requirePayloadString(payload, 'message'),
        optionalPayloadObject(payload, 'details'),
        options,
      );
  }
}

/**
 * Subscribes the Config's hook system to `HOOK_EXECUTION_REQUEST`. Each request is validated,
 * fired (initialising the hook system on first use) and answered with `HOOK_EXECUTION_RESPONSE`.
 * Hooks disabled, an unknown event or a malformed payload: the empty success result plus `error`,
 * and a warning. Returns the function that unsubscribes.
 */
export function connectHookMessageBus(bus: MessageBus, config: Config): () => void {
  const logger = config.getDebugLogger().child('hooks:message-bus');
  const respond = (correlationId: string, result: AggregatedHookResult, error?: string): void => {
    const response: HookExecutionResponse = { type: MessageBusType.HOOK_EXECUTION_RESPONSE, correlationId, result };
    if (error !== undefined) response.error = error;
    bus.publish(response);
  };

  const handle = async (request: HookExecutionRequest): Promise<void> => {
    const correlationId = typeof request.correlationId === 'string' ? request.correlationId : '';
    try {
      if (!isHookEventName(request.eventName)) {
        throw new InvalidHookRequestError(
          `unknown hook event "${String(request.eventName)}"; known events: ${hookEventNames.join(', ')}`,
        );
      }
      if (!isPlainObject(request.payload)) throw new InvalidHookRequestError('payload must be an object');
      const hookSystem = await getReadyHookSystem(config);
      if (!hookSystem) {
        respond(correlationId, createEmptyAggregatedResult(), 'hooks are disabled (enableHooks is false)');
        return;
      }
      const result = await route(hookSystem.getEventHandler(), request.eventName, request.payload, {});
      respond(correlationId, result);
    } catch (error) {
      const message = toError(error).message;
      logger.warn(
        `Hook execution request ${JSON.stringify(correlationId)} for ${String(request.eventName)} not fired: ${message}`,
        {
          correlationId,
          eventName: request.eventName,
          error: message,
        },
      );
      respond(correlationId, createEmptyAggregatedResult(), message);
    }
  };

  return bus.subscribe(MessageBusType.HOOK_EXECUTION_REQUEST, (request) => {
    void handle(request);
  });
}

/** Options of {@link requestHookExecution}. */
export interface RequestHookExecutionOptions {
  /** Give up after this many ms and resolve with an `error`. Default: wait for the response. */
  timeoutMs?: number;
  /** Correlation id to use; default a random UUID. */
  correlationId?: string;
}

/**
 * From the requester's side: publishes a `HOOK_EXECUTION_REQUEST` and resolves with the response
 * carrying its correlation id. Never rejects: no subscriber or a timeout resolve with the empty
 * success result and an `error`.
 */
export function requestHookExecution(
  bus: MessageBus,
  eventName: HookEventName,
  payload: Record<string, unknown>,
  options: RequestHookExecutionOptions = {},
): Promise<HookExecutionResponse> {
  const correlationId = options.correlationId ?? randomUUID();
  const failed = (error: string): HookExecutionResponse => ({
    type: MessageBusType.HOOK_EXECUTION_RESPONSE,
    correlationId,
    result: createEmptyAggregatedResult(),
    error,
  });
  if (bus.listenerCount(MessageBusType.HOOK_EXECUTION_REQUEST) === 0) {
    return Promise.resolve(failed('no subscriber handles hook execution requests on this bus'));
  }
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const unsubscribe = bus.subscribe(MessageBusType.HOOK_EXECUTION_RESPONSE, (response) => {
      if (response.correlationId !== correlationId) return;
      finish(response);
    });
    const finish = (response: HookExecutionResponse): void => {
      if (timer) clearTimeout(timer);
      unsubscribe();
      resolve(response);
    };
    if (options.timeoutMs !== undefined) {
      timer = setTimeout(() => finish(failed(`no response within ${options.timeoutMs} ms`)), options.timeoutMs);
    }
    bus.publish({ type: MessageBusType.HOOK_EXECUTION_REQUEST, correlationId, eventName, payload });
  });
}
