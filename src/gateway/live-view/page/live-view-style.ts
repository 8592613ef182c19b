/** The live view's style sheet, served as /live-view.css. */
export const LIVE_VIEW_STYLE = `:root { --ink: #1d2330; --muted: #667085; --line: #e4e7ec; --panel: #ffffff; --page: #f4f6f9; --accent: #2f6fde; --ok: #1a7f4b; --bad: #c0362c; --warn: #a15c00; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--page); }
* { box-sizing: border-box; }
body { margin: 0; }
header { display: flex; align-items: center; gap: 12px; padding: 14px 24px; background: var(--ink); color: #fff; }
h1 { font-size: 18px; margin: 0; font-weight: 600; }
h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 0 0 10px; }
main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 16px; padding: 16px 24px; }
section { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; min-width: 0; }
#feed-section { grid-column: 2; grid-row: 1 / span 3; }
.badge { font-size: 12px; padding: 2px 8px; border-radius: 10px; background: #475467; }
.badge.live { background: var(--ok); }
.badge.offline { background: var(--bad); }
.figures { font-size: 22px; margin: 0 0 6px; }
.figures .unit { font-size: 13px; color: var(--muted); }
.saved { font-size: 13px; color: var(--ok); margin-left: 6px; }
.reason { color: var(--muted); font-size: 13px; margin: 4px 0 8px; }
.chips { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 6px; }
.chip { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; background: #eef2f7; border-radius: 4px; padding: 2px 6px; }
.chip.bridge { background: #e3ecfd; color: var(--accent); }
table { width: 100%; border-collapse: collapse; font-size: 13px; }
th, td { text-align: left; padding: 5px 6px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 500; }
.number { text-align: right; font-variant-numeric: tabular-nums; }
td.error, div.error { color: var(--bad); font-size: 12px; overflow-wrap: anywhere; }
.status { font-size: 12px; padding: 1px 6px; border-radius: 4px; background: #eef2f7; }
.status.connected { background: #e2f4ea; color: var(--ok); }
.status.failed, .status.stopped { background: #fbe6e4; color: var(--bad); }
.policy { font-size: 12px; color: var(--muted); padding-left: 18px; }
.warning { color: var(--warn); }
form { display: flex; gap: 8px; }
input[type=search] { flex: 1; font: inherit; padding: 7px 10px; border: 1px solid var(--line); border-radius: 6px; }
button { font: inherit; padding: 7px 14px; border: 0; border-radius: 6px; background: var(--accent); color: #fff; cursor: pointer; }
ol { padding-left: 0; list-style: none; margin: 0; }
.match { border-bottom: 1px solid var(--line); padding: 6px 0; }
.description { font-size: 12px; color: var(--muted); overflow-wrap: anywhere; }
code, .tool { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; }
.entry { border-left: 3px solid var(--line); padding: 6px 10px; margin-bottom: 8px; background: #fafbfc; border-radius: 0 6px 6px 0; }
.entry.search { border-color: var(--accent); }
.entry.describe { border-color: #8e7cc3; }
.entry.call { border-color: var(--ok); }
.entry.call[data-outcome]:not([data-outcome="ok"]), .entry.refused { border-color: var(--bad); }
.entry .head { display: flex; gap: 8px; font-size: 11px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
.entry .body { display: flex; flex-wrap: wrap; align-items: baseline; gap: 8px; margin-top: 2px; font-size: 13px; }
.query { font-weight: 600; overflow-wrap: anywhere; }
.meta { font-size: 12px; color: var(--muted); }
.results { display: flex; flex-wrap: wrap; gap: 6px; width: 100%; }
.results code { background: #eef2f7; padding: 1px 5px; border-radius: 4px; }
.follows { display: flex; gap: 6px; width: 100%; }
.follow { font-size: 12px; color: var(--ok); }
.outcome { font-size: 12px; padding: 0 6px; border-radius: 4px; background: #e2f4ea; color: var(--ok); }
.outcome:not(.ok) { background: #fbe6e4; color: var(--bad); }
@media (max-width: 900px) { main { grid-template-columns: 1fr; } #feed-section { grid-column: 1; grid-row: auto; } }
.match .head { display: flex; gap: 10px; align-items: baseline; }
`;
