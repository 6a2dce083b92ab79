/**
 * `hookrail inspect`'s output: one self-contained HTML file showing a recorded run — no network
 * (a Content-Security-Policy forbids it), styles and script inline, the records embedded as JSON
 * that cannot end its `<script>` early. The same page, with a feed URL, is what the live server
 * serves. Records the page does not draw (XState events, actors that are not machines) are left
 * out, which keeps a 1,000-call report to a few megabytes.
 */
import { HookrailFileError } from '../errors.js';
import { linkPageScript } from './pageScript.js';
import { REPORT_DATA_ELEMENT_ID, type ReportData, type ReportDiagram } from './page/reportData.js';
import { reportStyles } from './page/styles.js';
import {
  INSPECTION_FORMAT_VERSION,
  isInspectionLine,
  type InspectionLine,
  type MachineGraph,
  type RunRecord,
} from './records.js';

/** What {@link buildReportData} needs. */
export interface BuildReportDataOptions {
  records: readonly InspectionLine[];
  /** Graphs of machines the records' header may lack (the CLI passes the project's machines). */
  machines?: Record<string, MachineGraph>;
  /**
   * Draws a graph as SVG with `data-state` / `data-edge` marks: src/diagrams' `graphToSvg(graph, {
   * interactive: true })`, passed in by the caller so this folder does not depend on the diagrams.
   */
  renderSvg: (graph: MachineGraph) => string;
  title?: string;
  source?: string;
  warnings?: string[];
  live?: { eventsUrl: string };
}

/** True for a record the page uses: every hookrail record, and the XState actor and snapshot records of machines. */
export function isReportRecord(record: InspectionLine): boolean {
  if (record.type === '@xstate.event') return false;
  if (record.type === '@xstate.actor' || record.type === '@xstate.snapshot') return record.machineId !== undefined;
  return true;
}

/** The page's data: the records it draws and the diagrams of every machine they mention, laid out now. */
export function buildReportData(options: BuildReportDataOptions): ReportData {
  const records = options.records.filter(isReportRecord);
  const header = records.find((record): record is RunRecord => record.type === 'hookrail.run');
  return {
    version: INSPECTION_FORMAT_VERSION,
    title: options.title ?? header?.title ?? 'hookrail run',
    ...(options.source !== undefined ? { source: options.source } : {}),
    generatedAt: Date.now(),
    records,
    diagrams: renderDiagrams({ ...options.machines, ...mergedHeaderMachines(records) }, options.renderSvg),
    ...(options.warnings && options.warnings.length > 0 ? { warnings: options.warnings } : {}),
    ...(options.live ? { live: options.live } : {}),
  };
}

/** Every machine graph as the page's diagram: the graph and its SVG with `data-state` / `data-edge` marks. */
export function renderDiagrams(
  graphs: Record<string, MachineGraph>,
  renderSvg: (graph: MachineGraph) => string,
): Record<string, ReportDiagram> {
  const diagrams: Record<string, ReportDiagram> = {};
  for (const [machineId, graph] of Object.entries(graphs)) diagrams[machineId] = { graph, svg: renderSvg(graph) };
  return diagrams;
}

function mergedHeaderMachines(records: readonly InspectionLine[]): Record<string, MachineGraph> {
  const machines: Record<string, MachineGraph> = {};
  for (const record of records) if (record.type === 'hookrail.run') Object.assign(machines, record.machines);
  return machines;
}

/** What {@link renderReportHtml} needs besides the data. */
export interface RenderReportHtmlOptions {
  /** Directory of the compiled page modules; default dist/inspection/page. */
  pageDirectory?: string;
}

/** The whole HTML document. */
export function renderReportHtml(data: ReportData, options: RenderReportHtmlOptions = {}): string {
  const script = linkPageScript({
    directory: options.pageDirectory,
    entry: 'reportApp',
    boot: 'pageModules.reportApp.bootReportPage(document);',
  });
  const connect = data.live ? " connect-src 'self';" : '';
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:;${connect}">`,
    `<title>${escapeHtml(data.title)} · hookrail report</title>`,
    `<style>${reportStyles}</style>`,
    '</head>',
    '<body>',
    '<div id="hookrail-report"><p>Loading the report…</p></div>',
    `<script type="application/json" id="${REPORT_DATA_ELEMENT_ID}">${embedJson(data)}</script>`,
    `<script>\n${script}\n</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * JSON that is safe inside an HTML `<script>`: `<`, `>` and `&` escaped (no `</script>`, no `<!--`)
 * and U+2028 / U+2029 escaped; `JSON.parse` of the element's text gives the value back.
 */
export function embedJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The records of an inspection file, and a warning per line that could not be read. */
export interface ParsedInspectionFile {
  records: InspectionLine[];
  warnings: string[];
}

/**
 * Reads a JSONL inspection file's text. A line that is not JSON, or not a record, is skipped with a
 * warning naming its line number; a file with no record at all is an error naming the file.
 */
export function parseInspectionFile(text: string, file: string): ParsedInspectionFile {
  const records: InspectionLine[] = [];
  const warnings: string[] = [];
  let unknownTypes = 0;
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      warnings.push(
        `${file}:${index + 1}: not JSON, skipped (${error instanceof Error ? error.message : String(error)})`,
      );
      return;
    }
    if (isInspectionLine(parsed)) records.push(parsed);
    else if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { type?: unknown }).type === 'string')
      unknownTypes += 1;
    else warnings.push(`${file}:${index + 1}: not an inspection record (no "type" and "time"), skipped`);
  });
  if (unknownTypes > 0)
    warnings.push(`${file}: ${unknownTypes} record(s) of types this version does not know were skipped`);
  if (records.length === 0) {
    throw new HookrailFileError(
      file,
      warnings.length > 0
        ? `no inspection records (${warnings.length} unreadable line(s); first: ${warnings[0]})`
        : 'no inspection records: is this a file written by `hookrail run --inspect`?',
    );
  }
  return { records, warnings };
}
