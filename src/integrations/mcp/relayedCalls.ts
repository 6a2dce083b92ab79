/**
 * `tools/call` requests the gateway passes to the server as they are, because no hook applies to
 * the tool (hooks cost nothing until they apply). Their answers go back to the client as they come;
 * what the gateway still owes for them is kept here: an answer for each call the server never
 * answers (it exited), and a wait for the answers still due before the server's input is closed.
 */
import { requestKey } from './jsonRpc.js';

/** The calls relayed to the server and not answered yet, by their JSON-RPC id. */
export class RelayedCalls {
  private readonly unanswered = new Map<string, string | number>();
  private onDrained: (() => void) | undefined;

  /** A call sent to the server as it is. */
  add(id: string | number): void {
    this.unanswered.set(requestKey(id), id);
  }

  /** The server answered the call (or the client cancelled it: it gets no answer). */
  settle(key: string): void {
    if (!this.unanswered.delete(key) || this.unanswered.size > 0) return;
    this.onDrained?.();
    this.onDrained = undefined;
  }

  /** The ids still waiting, which are settled by this call (the server is gone, or the gateway is cancelled). */
  takeAll(): (string | number)[] {
    const ids = [...this.unanswered.values()];
    this.unanswered.clear();
    this.onDrained?.();
    this.onDrained = undefined;
    return ids;
  }

  /** Resolves once every relayed call is settled. */
  drained(): Promise<void> {
    if (this.unanswered.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const previous = this.onDrained;
      this.onDrained = () => {
        previous?.();
        resolve();
      };
    });
  }
}
