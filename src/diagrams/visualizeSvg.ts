/**
 * Offline SVG rendering of a machine diagram: dagre lays the states out, this module writes the SVG
 * text itself (no browser, no network). Output is deterministic: insertion order is the definition
 * order and every number is rounded to one decimal.
 */
import dagre from '@dagrejs/dagre';
import { ROOT_SOURCE, type DiagramGraph, type DiagramNode } from './diagramGraph.js';

const NODE_FONT_SIZE = 13;
const EDGE_FONT_SIZE = 11;
/** Monospace glyphs are 0.6 em wide, so text width is known without a browser. */
const GLYPH_WIDTH_EM = 0.6;
const NODE_HEIGHT = 38;
const INITIAL_SIZE = 14;
const CORNER_RADIUS = 14;
const EDGE_LINE_HEIGHT = EDGE_FONT_SIZE + 3;

interface LayoutNode {
  width: number;
  height: number;
  x: number;
  y: number;
  role: 'state' | 'final' | 'cluster' | 'anchor' | 'initial' | 'any';
  text: string;
}

interface LayoutEdge {
  /** Layout-only edges are not drawn. */
  hidden?: boolean;
  width: number;
  height: number;
  labelpos: 'c';
  x?: number;
  y?: number;
  points?: Array<{ x: number; y: number }>;
  text: string;
}

/** Options of {@link graphToSvg}. */
export interface GraphToSvgOptions {
  /**
   * Marks states and transitions for a page that highlights them (the run report): each state's
   * shapes get `data-state="<state id>"`, each transition's line and label `data-edge="<index in
   * diagram.edges>"` with `data-source` / `data-target`. Off by default, so committed diagrams keep
   * their bytes.
   */
  interactive?: boolean;
}

/** Lays out the graph with dagre and returns the SVG document. */
export function graphToSvg(diagram: DiagramGraph, options: GraphToSvgOptions = {}): string {
  const interactive = options.interactive === true;
  const graph = new dagre.graphlib.Graph<Record<string, unknown>, LayoutNode, LayoutEdge>({
    compound: true,
    multigraph: true,
  });
  graph.setGraph({ rankdir: 'TB', nodesep: 36, ranksep: 46, edgesep: 14, marginx: 16, marginy: 16 });
  const compound = new Set(diagram.nodes.filter(isContainer).map((node) => node.id));
  const endpoint = (id: string): string => (compound.has(id) ? `${id}#anchor` : id);

  for (const node of diagram.nodes) {
    if (isContainer(node)) {
      graph.setNode(node.id, box('cluster', node.label, 0, 0));
      graph.setNode(`${node.id}#anchor`, box('anchor', node.label, textWidth(node.label, NODE_FONT_SIZE) + 8, 20));
      graph.setParent(`${node.id}#anchor`, node.id);
    } else {
      const role = node.kind === 'final' ? 'final' : 'state';
      graph.setNode(
        node.id,
        box(role, node.label, Math.max(textWidth(node.label, NODE_FONT_SIZE) + 36, 96), NODE_HEIGHT),
      );
    }
    if (node.parent) graph.setParent(node.id, node.parent);
  }
  const initialMarkers: Array<{ marker: string; target: string }> = [];
  if (diagram.initial) initialMarkers.push({ marker: '#initial', target: diagram.initial });
  for (const node of diagram.nodes) {
    if (!node.initial) continue;
    const marker = `${node.id}#initial`;
    initialMarkers.push({ marker, target: node.initial });
    graph.setNode(marker, box('initial', '', INITIAL_SIZE, INITIAL_SIZE));
    graph.setParent(marker, node.id);
  }
  if (diagram.initial) graph.setNode('#initial', box('initial', '', INITIAL_SIZE, INITIAL_SIZE));
  if (diagram.edges.some((edge) => edge.source === ROOT_SOURCE)) {
    graph.setNode(ROOT_SOURCE, box('any', 'any state', textWidth('any state', NODE_FONT_SIZE) + 36, NODE_HEIGHT));
  }
  initialMarkers.forEach(({ marker, target }, index) =>
    graph.setEdge(marker, endpoint(target), edgeLabel(''), `initial${index}`),
  );
  // Invisible edges keep each container's title (its anchor) above its contents.
  for (const node of diagram.nodes.filter(isContainer)) {
    const below = node.initial
      ? [`${node.id}#initial`]
      : diagram.nodes.filter((child) => child.parent === node.id).map((child) => endpoint(child.id));
    below.forEach((target, index) =>
      graph.setEdge(`${node.id}#anchor`, target, { ...edgeLabel(''), hidden: true }, `title${index}`),
    );
  }
  diagram.edges.forEach((edge, index) =>
    graph.setEdge(endpoint(edge.source), endpoint(edge.target), edgeLabel(edge.label), `edge${index}`),
  );

  dagre.layout(graph);

  const size = graph.graph() as { width?: number; height?: number };
  const width = size.width ?? 0;
  const height = size.height ?? 0;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${number(width)}" height="${number(height)}" viewBox="0 0 ${number(width)} ${number(height)}" role="img" aria-label="${escapeXml(diagram.machineId)} state machine">`,
    `<title>${escapeXml(diagram.machineId)}</title>`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#475569"/></marker></defs>',
    `<style>text{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace}.state{font-size:${NODE_FONT_SIZE}px;fill:#0f172a}.edge{font-size:${EDGE_FONT_SIZE}px;fill:#334155}</style>`,
    `<rect x="0" y="0" width="${number(width)}" height="${number(height)}" fill="#ffffff"/>`,
  ];
  // Clusters first (outermost first), then edges, then states on top.
  for (const node of diagram.nodes.filter(isContainer)) {
    const cluster = graph.node(node.id);
    parts.push(
      `<rect${interactive ? ` data-state="${escapeXml(node.id)}"` : ''} x="${number(cluster.x - cluster.width / 2)}" y="${number(cluster.y - cluster.height / 2)}" width="${number(cluster.width)}" height="${number(cluster.height)}" rx="14" fill="#f8fafc" stroke="#94a3b8" stroke-width="1.2"/>`,
    );
  }
  const edgeAttributes = (name: string | undefined): string => {
    const index = interactive && name?.startsWith('edge') ? Number(name.slice('edge'.length)) : Number.NaN;
    const edge = diagram.edges[index];
    return edge
      ? ` data-edge="${index}" data-source="${escapeXml(edge.source)}" data-target="${escapeXml(edge.target)}"`
      : '';
  };
  for (const edgeRef of graph.edges()) {
    const edge = graph.edge(edgeRef);
    if (edge.hidden) continue;
    const path =
      edgeRef.v === edgeRef.w
        ? selfLoopPath(graph.node(edgeRef.v), edge)
        : edge.points?.length
          ? roundedPath(edge.points)
          : undefined;
    if (path)
      parts.push(
        `<path${edgeAttributes(edgeRef.name)} d="${path}" fill="none" stroke="#475569" stroke-width="1.4" marker-end="url(#arrow)"/>`,
      );
  }
  for (const edgeRef of graph.edges()) {
    const edge = graph.edge(edgeRef);
    if (!edge.text || edge.x === undefined || edge.y === undefined) continue;
    const labelAttributes = edgeAttributes(edgeRef.name);
    if (labelAttributes) parts.push(`<g class="transition-label"${labelAttributes}>`);
    parts.push(
      `<rect x="${number(edge.x - edge.width / 2)}" y="${number(edge.y - edge.height / 2)}" width="${number(edge.width)}" height="${number(edge.height)}" rx="3" fill="#ffffff" fill-opacity="0.92"/>`,
    );
    const lines = labelLines(edge.text);
    const firstBaseline = edge.y - ((lines.length - 1) * EDGE_LINE_HEIGHT) / 2 + EDGE_FONT_SIZE * 0.35;
    lines.forEach((line, index) => {
      parts.push(
        `<text class="edge" x="${number(edge.x!)}" y="${number(firstBaseline + index * EDGE_LINE_HEIGHT)}" text-anchor="middle">${escapeXml(line)}</text>`,
      );
    });
    if (labelAttributes) parts.push('</g>');
  }
  const stateIds = new Set(diagram.nodes.map((node) => node.id));
  for (const id of graph.nodes()) {
    const shapes = renderNode(graph.node(id));
    if (interactive && stateIds.has(id) && shapes.length > 0)
      parts.push(`<g class="state-node" data-state="${escapeXml(id)}">`, ...shapes, '</g>');
    else parts.push(...shapes);
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

function renderNode(node: LayoutNode): string[] {
  const left = node.x - node.width / 2;
  const top = node.y - node.height / 2;
  const label = `<text class="state" x="${number(node.x)}" y="${number(node.y + NODE_FONT_SIZE * 0.35)}" text-anchor="middle"${node.role === 'anchor' ? ' font-weight="bold"' : ''}>${escapeXml(node.text)}</text>`;
  const rect = (inset: number, attributes: string): string =>
    `<rect x="${number(left + inset)}" y="${number(top + inset)}" width="${number(node.width - 2 * inset)}" height="${number(node.height - 2 * inset)}" rx="${number(10 - inset)}" ${attributes}/>`;
  switch (node.role) {
    case 'initial':
      return [`<circle cx="${number(node.x)}" cy="${number(node.y)}" r="${number(node.width / 2)}" fill="#0f172a"/>`];
    case 'anchor':
      return [label];
    case 'cluster':
      return [];
    case 'any':
      return [rect(0, 'fill="#ffffff" stroke="#64748b" stroke-width="1.4" stroke-dasharray="5 4"'), label];
    case 'final':
      return [
        rect(0, 'fill="#ecfdf5" stroke="#047857" stroke-width="1.6"'),
        rect(4, 'fill="none" stroke="#047857" stroke-width="1.2"'),
        label,
      ];
    default:
      return [rect(0, 'fill="#eef2ff" stroke="#4f46e5" stroke-width="1.6"'), label];
  }
}

function isContainer(node: DiagramNode): boolean {
  return node.kind === 'compound' || node.kind === 'parallel';
}

function box(role: LayoutNode['role'], text: string, width: number, height: number): LayoutNode {
  return { role, text, width, height, x: 0, y: 0 };
}

/** An edge's label box; the guard goes on a second line (`done: beforeHook` / `[beforeHookStopped]`) to keep edges short. */
function edgeLabel(text: string): LayoutEdge {
  if (!text) return { text, width: 0, height: 0, labelpos: 'c' };
  const lines = labelLines(text);
  const widest = Math.max(...lines.map((line) => textWidth(line, EDGE_FONT_SIZE)));
  return { text, width: widest + 10, height: lines.length * EDGE_LINE_HEIGHT + 4, labelpos: 'c' };
}

function labelLines(text: string): string[] {
  const guardStart = text.indexOf(' [');
  return guardStart > 0 ? [text.slice(0, guardStart), text.slice(guardStart + 1)] : [text];
}

function textWidth(text: string, fontSize: number): number {
  return text.length * fontSize * GLYPH_WIDTH_EM;
}

/**
 * A polyline through the layout's points with rounded corners: it passes through every point dagre
 * placed, so each label sits on its edge.
 */
function roundedPath(points: ReadonlyArray<{ x: number; y: number }>): string {
  const first = points[0]!;
  const commands = [`M${number(first.x)},${number(first.y)}`];
  for (let index = 1; index < points.length - 1; index += 1) {
    const [previous, corner, next] = [points[index - 1]!, points[index]!, points[index + 1]!];
    const radius = Math.min(CORNER_RADIUS, distance(previous, corner) / 2, distance(corner, next) / 2);
    const entry = towards(corner, previous, radius);
    const exit = towards(corner, next, radius);
    commands.push(
      `L${number(entry.x)},${number(entry.y)}`,
      `Q${number(corner.x)},${number(corner.y)} ${number(exit.x)},${number(exit.y)}`,
    );
  }
  const last = points[points.length - 1]!;
  commands.push(`L${number(last.x)},${number(last.y)}`);
  return commands.join(' ');
}

/**
 * A loop on the right of a state for a targetless transition, reaching towards the label dagre placed
 * beside it (dagre's own self-edge points do not start at the node).
 */
function selfLoopPath(node: LayoutNode, edge: LayoutEdge): string {
  const right = node.x + node.width / 2;
  const reach = Math.max(right + 28, (edge.x ?? right + 28) - edge.width / 2 - 2);
  const spread = node.height * 0.9;
  return `M${number(right)},${number(node.y - 8)} C${number(reach)},${number(node.y - spread)} ${number(reach)},${number(node.y + spread)} ${number(right)},${number(node.y + 8)}`;
}

function distance(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

/** The point `length` away from `from` in the direction of `to`. */
function towards(
  from: { x: number; y: number },
  to: { x: number; y: number },
  length: number,
): { x: number; y: number } {
  const total = distance(from, to);
  if (total === 0) return from;
  return { x: from.x + ((to.x - from.x) * length) / total, y: from.y + ((to.y - from.y) * length) / total };
}

/** One decimal, no "-0", no trailing ".0": identical input gives identical text. */
function number(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
