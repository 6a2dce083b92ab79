/// <reference lib="dom" />
/**
 * The data a report page is generated with, embedded as JSON in `<script type="application/json"
 * id="hookrail-report-data">`: the run's records, the diagrams of its machines (laid out at
 * generation time), and, for a live page, where to listen for new records.
 */
import type { InspectionLine, MachineGraph } from '../records.js';

/** The id of the script element holding the {@link ReportData}. */
export const REPORT_DATA_ELEMENT_ID = 'hookrail-report-data';

/** A machine's diagram: its graph (to match transitions) and its SVG (marked for highlighting). */
export interface ReportDiagram {
  graph: MachineGraph;
  svg: string;
}

/** Everything the page is generated with. */
export interface ReportData {
  /** The records' format version (records.ts). */
  version: number;
  title: string;
  /** Where the records came from (a file name), for the header. */
  source?: string;
  generatedAt: number;
  records: InspectionLine[];
  diagrams: Record<string, ReportDiagram>;
  /** Lines of the file that could not be read, each naming its line number. */
  warnings?: string[];
  /** A live page: new records arrive as server-sent events from `eventsUrl`. */
  live?: { eventsUrl: string };
}

/** Reads the embedded {@link ReportData}; throws a clear error when the page has none. */
export function readReportData(doc: Document): ReportData {
  const holder = doc.getElementById(REPORT_DATA_ELEMENT_ID);
  if (!holder?.textContent) throw new Error(`this page has no #${REPORT_DATA_ELEMENT_ID} data`);
  return JSON.parse(holder.textContent) as ReportData;
}
