/// <reference lib="dom" />
/**
 * A live page's feed: records pushed by `hookrail run --inspect-serve` as server-sent events (one
 * JSON array of records per message, `id` the count sent so far, so a reconnect resumes where it
 * stopped). An `end` event says the run is over.
 */
import type { InspectionLine } from '../records.js';

/** The part of `EventSource` the feed uses (a test passes its own). */
export interface EventSourceLike {
  onmessage: ((event: { data: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  addEventListener(type: string, listener: (event: { data: string }) => void): void;
  close(): void;
}

/** Creates the event source for a URL; default `new EventSource(url)`. */
export type EventSourceFactory = (url: string) => EventSourceLike;

/** Where the feed delivers. */
export interface LiveRecordsTarget {
  addRecords(records: readonly InspectionLine[]): void;
  setStatus(status: string): void;
}

/** What {@link connectLiveRecords} needs. */
export interface ConnectLiveRecordsOptions {
  page: LiveRecordsTarget;
  url: string;
  factory?: EventSourceFactory;
}

/** Subscribes the page to the feed; returns a function that closes it. */
export function connectLiveRecords(options: ConnectLiveRecordsOptions): () => void {
  const create: EventSourceFactory = options.factory ?? ((url) => new EventSource(url) as unknown as EventSourceLike);
  const source = create(options.url);
  let interrupted = false;
  source.onmessage = (event) => {
    const parsed: unknown = JSON.parse(event.data);
    const records = (Array.isArray(parsed) ? parsed : [parsed]) as InspectionLine[];
    if (interrupted) {
      interrupted = false;
      options.page.setStatus('live');
    }
    options.page.addRecords(records);
  };
  source.addEventListener('end', () => {
    options.page.setStatus('finished');
    source.close();
  });
  source.onerror = () => {
    interrupted = true;
    options.page.setStatus('reconnecting');
  };
  return () => source.close();
}
