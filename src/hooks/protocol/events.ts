/** The hook events (HOOK-081) and which of them are tool events. */
/** HOOK-081: the eleven hook events. The requirements apply five end to end (HOOK-081); the agent session applies the six lifecycle events too. */
export enum HookEventName {
  BeforeTool = 'BeforeTool',
  AfterTool = 'AfterTool',
  BeforeAgent = 'BeforeAgent',
  AfterAgent = 'AfterAgent',
  Notification = 'Notification',
  SessionStart = 'SessionStart',
  SessionEnd = 'SessionEnd',
  PreCompress = 'PreCompress',
  BeforeModel = 'BeforeModel',
  AfterModel = 'AfterModel',
  BeforeToolSelection = 'BeforeToolSelection',
}

/** All event names, in declaration order. */
export const hookEventNames: readonly HookEventName[] = Object.values(HookEventName);

/** True for one of the eleven event names. */
export function isHookEventName(value: unknown): value is HookEventName {
  return typeof value === 'string' && (hookEventNames as readonly string[]).includes(value);
}

/** Tool events carry `tool_name` and are the only ones filtered by `matcher` (HOOK-041, 051, 059). */
export function isToolEvent(eventName: HookEventName): boolean {
  return eventName === HookEventName.BeforeTool || eventName === HookEventName.AfterTool;
}
