/**
 * The report page's stylesheet, inlined in the generated HTML's `<style>`. Outcome colours are
 * shared by the timeline's bars, the badges and the summary: success green, blocked red, stopped
 * amber, suppressed violet, asked blue, cancelled grey, error dark red.
 */
export const reportStyles = `
:root{--success:#16a34a;--completed:#16a34a;--blocked:#dc2626;--deny:#dc2626;--block:#dc2626;--stopped:#d97706;--stop:#d97706;
--suppressed:#7c3aed;--suppress:#7c3aed;--asked:#2563eb;--ask:#2563eb;--cancelled:#6b7280;--aborted:#6b7280;--error:#991b1b;--failed:#991b1b;
--modify:#0d9488;--context:#0891b2;--allow:#16a34a;--none:#94a3b8;--running:#0ea5e9;--unknown:#94a3b8;
--ink:#0f172a;--muted:#64748b;--line:#e2e8f0;--panel:#f8fafc;--taken:#ea580c}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#fff}
#hookrail-report{max-width:1600px;margin:0 auto;padding:16px 20px 40px}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:0 0 10px}h3{font-size:14px;margin:18px 0 8px}h4{font-size:12px;margin:8px 0 4px;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
pre{margin:0;padding:8px 10px;background:var(--panel);border:1px solid var(--line);border-radius:6px;white-space:pre-wrap;word-break:break-word;max-height:320px;overflow:auto;font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.muted{color:var(--muted)}.warning{color:#92400e;background:#fffbeb;border:1px solid #fde68a;padding:4px 8px;border-radius:6px;margin:4px 0}
.report-header{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 16px;border-bottom:1px solid var(--line);padding-bottom:10px;margin-bottom:12px}
.run-facts{margin:0;color:var(--muted)}
.run-status{font-size:12px;padding:2px 8px;border-radius:999px;background:#e0f2fe;color:#0369a1}.status-finished{background:#dcfce7;color:#166534}.status-reconnecting{background:#fef3c7;color:#92400e}
.summary{border:1px solid var(--line);border-radius:8px;padding:12px 14px;margin-bottom:14px}
.outcome-line{display:flex;flex-wrap:wrap;gap:6px 12px;align-items:center;margin:4px 0}.outcome-label{min-width:130px;font-weight:600}
.hook-totals,.hook-coverage{border-collapse:collapse;font-size:13px}.hook-totals th,.hook-totals td,.hook-coverage th,.hook-coverage td{border-bottom:1px solid var(--line);padding:3px 10px;text-align:left}.hook-totals .number,.hook-coverage .number{text-align:right;font-variant-numeric:tabular-nums}.hook-coverage .coverage-unused td{color:var(--muted);font-style:italic}
.badge{display:inline-block;font-size:11px;font-weight:600;padding:1px 7px;border-radius:999px;color:#fff;background:var(--unknown);white-space:nowrap}
${[
  'success',
  'completed',
  'blocked',
  'deny',
  'block',
  'stopped',
  'stop',
  'suppressed',
  'suppress',
  'asked',
  'ask',
  'cancelled',
  'aborted',
  'error',
  'failed',
  'modify',
  'context',
  'allow',
  'none',
  'running',
  'unknown',
]
  .map(
    (word) =>
      `.badge.outcome-${word},.bar.outcome-${word}{background:var(--${word})}.outcome-border-${word}{border-left:4px solid var(--${word})}`,
  )
  .join('\n')}
.layout{display:grid;grid-template-columns:minmax(480px,1fr) minmax(480px,1fr);gap:16px;align-items:start}
.timeline{border:1px solid var(--line);border-radius:8px;padding:12px 10px}
.timeline-rows{display:flex;flex-direction:column;gap:2px}
.timeline-prompt{padding:6px 8px;background:#eef2ff;border-radius:6px;margin-bottom:6px}.prompt-mark{font-weight:700;color:#4f46e5}
.timeline-turn{font-size:12px;font-weight:600;color:var(--muted);margin:8px 0 2px;text-transform:uppercase;letter-spacing:.04em}
.timeline-end{margin-top:8px;padding:6px 8px;border-radius:6px;background:#fef3c7}.session-end{background:#f1f5f9}.session-error{background:#fee2e2}
.timeline-row{display:grid;grid-template-columns:40px minmax(110px,auto) minmax(60px,1fr) minmax(90px,1fr) 50px 58px 80px;gap:8px;align-items:center;width:100%;text-align:left;font:inherit;color:inherit;background:#fff;border:1px solid transparent;border-radius:6px;padding:4px 6px;cursor:pointer}
.timeline-row:hover{background:var(--panel)}.timeline-row.selected{border-color:#6366f1;background:#eef2ff}
.row-kind{font-size:11px;color:var(--muted);text-transform:uppercase}.kind-model .row-name{font-style:italic}
.row-name{font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.row-detail{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;color:#334155;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.row-track{position:relative;height:12px;background:var(--panel);border-radius:3px}.bar{position:absolute;top:0;bottom:0;min-width:3px;border-radius:3px}
.row-hooks{font-size:11px;color:var(--muted)}.row-duration{font-size:12px;text-align:right;font-variant-numeric:tabular-nums}
.details{border:1px solid var(--line);border-radius:8px;padding:12px 14px;position:sticky;top:8px;max-height:calc(100vh - 16px);overflow:auto}
.call-details{padding-left:10px}.details-kind{font-size:12px;color:var(--muted);font-weight:400}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:6px 0;font-size:13px}.facts dt{color:var(--muted)}.facts dd{margin:0;word-break:break-all}
.block{margin:6px 0}
.stepper{display:flex;align-items:center;gap:6px;margin-bottom:6px}.stepper button{font:inherit;font-size:12px;padding:2px 8px;border:1px solid #cbd5e1;background:#fff;border-radius:4px;cursor:pointer}.stepper button:disabled{opacity:.4;cursor:default}
.step-position{flex:1;font-size:13px;text-align:center}
.diagram{overflow:auto;border:1px solid var(--line);border-radius:6px;background:#fff}.diagram svg{display:block;max-width:100%;height:auto}
.diagram [data-state].visited rect,.diagram rect[data-state].visited{fill:#fff7ed;stroke:var(--taken)}
.diagram [data-state].current rect{fill:#ffedd5;stroke:var(--taken);stroke-width:3}
.diagram path.taken{stroke:var(--taken);stroke-width:2.6}.diagram path.latest{stroke-width:4}
.diagram g.transition-label.taken text{fill:#9a3412;font-weight:700}.diagram g.transition-label.taken rect{fill:#ffedd5;fill-opacity:1}
.path-list{margin:8px 0 0;padding-left:22px;font-size:13px}.path-step{cursor:pointer;color:var(--muted)}
.path-step.taken{color:var(--ink)}.path-step.taken .path-transition{color:#9a3412;font-weight:600}.path-step.current{background:#ffedd5;border-radius:4px}
.path-event{margin-left:8px;font:12px ui-monospace,monospace;color:var(--muted)}.path-time{margin-left:8px;font-size:11px;color:var(--muted)}
.hook-list{display:flex;flex-direction:column;gap:8px}
.hook-card{border:1px solid var(--line);border-left-width:4px;border-radius:6px;padding:8px 10px}
${['stop', 'block', 'deny', 'ask', 'modify', 'suppress', 'context', 'allow', 'none', 'error'].map((word) => `.hook-card.decision-${word}{border-left-color:var(--${word})}`).join('')}
.hook-title{display:flex;flex-wrap:wrap;gap:4px 10px;align-items:center}.hook-title span:not(.badge){font-size:12px;color:var(--muted)}
.hook-reason{margin:4px 0;font-weight:500}.hook-stderr-text{border-color:#fecaca;background:#fef2f2}
.session{border:1px solid var(--line);border-radius:8px;padding:12px 14px;margin-top:16px}
.session-moments{margin:0;padding-left:20px}.moment-time{font-size:12px;color:var(--muted);margin-right:8px}.moment-event{font-weight:600}
@media (max-width:1000px){.layout{grid-template-columns:1fr}.details{position:static;max-height:none}}
`;
