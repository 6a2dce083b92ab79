/**
 * Many runs waiting on one caller's AbortSignal (a turn cancelled while thousands of hooks and shell
 * commands run): one listener on the signal fans out to every run, so neither listeners leak nor
 * Node's max-listeners warning trips.
 */
interface AbortFanout {
  subscribers: Set<() => void>;
  dispatch: () => void;
}
const abortFanouts = new WeakMap<AbortSignal, AbortFanout>();

/** Calls `callback` once `signal` aborts; returns what unsubscribes it. */
export function subscribeToAbort(signal: AbortSignal, callback: () => void): () => void {
  let fanout = abortFanouts.get(signal);
  if (!fanout) {
    const subscribers = new Set<() => void>();
    const dispatch = (): void => {
      abortFanouts.delete(signal);
      for (const subscriber of [...subscribers]) subscriber();
    };
    fanout = { subscribers, dispatch };
    abortFanouts.set(signal, fanout);
    signal.addEventListener('abort', dispatch, { once: true });
  }
  const current = fanout;
  current.subscribers.add(callback);
  return () => {
    current.subscribers.delete(callback);
    if (current.subscribers.size === 0 && abortFanouts.get(signal) === current) {
      abortFanouts.delete(signal);
      signal.removeEventListener('abort', current.dispatch);
    }
  };
}
