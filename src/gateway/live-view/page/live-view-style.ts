/**
 * The live view's style sheet, served as /live-view.css (the sign-in page uses it too). On a wide
 * screen the page is one viewport high: the cards on the left and the feed on the right scroll each in
 * their own panel, so neither stretches the other and the search box stays in view however long the
 * feed. On a narrow one (900 px and less) the columns stack and the feed keeps a panel of its own; at
 * 600 px and less the servers table becomes one card per server. Long names and messages wrap anywhere
 * rather than widen the page. Dark when the system is (prefers-color-scheme).
 */
export const LIVE_VIEW_STYLE = `:root {
  color-scheme: light dark;
  --ink: #1d2330; --muted: #5d6778; --line: #e4e7ec; --panel: #ffffff; --page: #f4f6f9; --sunken: #f7f8fa; --chip: #eef2f7;
  --header: #1d2330; --header-ink: #ffffff;
  --accent: #2f6fde; --on-accent: #ffffff; --accent-soft: #e3ecfd; --ok: #1a7f4b; --ok-soft: #e2f4ea; --bad: #c0362c; --bad-soft: #fbe6e4;
  --warn: #9a5800; --warn-soft: #fdf0dc; --policy: #7045b8; --policy-soft: #efe7fb; --down: #8a4b16; --down-soft: #f6eadf;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
@media (prefers-color-scheme: dark) {
  :root {
    --ink: #e6e9ef; --muted: #9aa4b5; --line: #2b3442; --panel: #171d26; --page: #0e1319; --sunken: #1c232e; --chip: #232c38;
    --header: #0a0e13; --header-ink: #e6e9ef;
    --accent: #79a6ff; --on-accent: #0b1220; --accent-soft: #1f2d47; --ok: #4cc38a; --ok-soft: #173427; --bad: #ff7b72; --bad-soft: #3d1e1d;
    --warn: #e3b341; --warn-soft: #3a2e12; --policy: #c3a6ff; --policy-soft: #2e2447; --down: #f0a05a; --down-soft: #3a2716;
  }
}
* { box-sizing: border-box; }
html { background: var(--page); color: var(--ink); }
body { margin: 0; background: var(--page); color: var(--ink); }
header { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; padding: 12px 24px; background: var(--header); color: var(--header-ink); }
header form { margin-left: auto; }
h1 { font-size: 18px; margin: 0; font-weight: 600; }
h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 0 0 10px; }
main { display: grid; grid-template-columns: minmax(0, 5fr) minmax(0, 6fr); gap: 16px; padding: 16px 24px; align-items: start; }
.column { display: flex; flex-direction: column; gap: 16px; min-width: 0; }
section { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; min-width: 0; }
#feed-section { display: flex; flex-direction: column; min-height: 0; }
.feed-head { display: flex; align-items: baseline; flex-wrap: wrap; gap: 4px 10px; }
.feed-head h2 { margin: 0; }
.feed-head button { margin-left: auto; }
/* The waiting-entries button floats over the list: showing it moves nothing the reader is reading. */
.feed-panel { position: relative; flex: 1 1 auto; min-height: 0; display: flex; flex-direction: column; margin-top: 8px; }
.feed-scroll { flex: 1 1 auto; min-height: 0; overflow-y: auto; overflow-x: hidden; overscroll-behavior: contain; }
/* Wide: one viewport high, each column scrolls in its own panel. */
@media (min-width: 901px) {
  body { height: 100vh; display: flex; flex-direction: column; overflow: hidden; }
  main { flex: 1 1 auto; min-height: 0; grid-template-rows: minmax(0, 1fr); align-items: stretch; }
  .column { min-height: 0; overflow-y: auto; overscroll-behavior: contain; }
  .column > section { flex: none; }
  #feed-section { max-height: 100%; }
}
/* Narrow: one column; the feed keeps its own panel. */
@media (max-width: 900px) {
  main { grid-template-columns: minmax(0, 1fr); padding: 12px; gap: 12px; }
  header { padding: 10px 12px; }
  #feed-section { height: 80vh; }
}
.badge { font-size: 12px; padding: 2px 8px; border-radius: 10px; background: #475467; color: #fff; }
.badge.live { background: #1a7f4b; }
.badge.offline, .badge.signed-out, .badge.full { background: #c0362c; }
.saved-total { font-size: 12px; color: #9fe3bf; }
.notice { margin: 12px 24px 0; padding: 8px 12px; border-radius: 6px; border: 1px solid var(--warn); background: var(--warn-soft); color: var(--ink); font-size: 13px; overflow-wrap: anywhere; }
.notice.signed-out, .notice.full { border-color: var(--bad); background: var(--bad-soft); }
.notice a, .notice button { margin-left: 6px; }
body[data-stale="true"] main section { opacity: .62; }
body[data-stale="true"] #feed-section h2::after { content: " (stale)"; color: var(--bad); }
.figures { font-size: 22px; margin: 0 0 6px; }
.figures .unit { font-size: 13px; color: var(--muted); }
.saved { font-size: 13px; color: var(--ok); margin: 0 0 4px; overflow-wrap: anywhere; }
.reason { color: var(--muted); font-size: 13px; margin: 4px 0 8px; overflow-wrap: anywhere; }
.chips { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 6px; }
.chip { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--chip); border-radius: 4px; padding: 2px 6px; overflow-wrap: anywhere; min-width: 0; }
.chip.bridge { background: var(--accent-soft); color: var(--accent); }
table { width: 100%; border-collapse: collapse; font-size: 13px; table-layout: auto; }
th, td { text-align: left; padding: 5px 6px; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: anywhere; }
th { color: var(--muted); font-weight: 500; }
.number { text-align: right; font-variant-numeric: tabular-nums; }
td.error { color: var(--bad); font-size: 12px; }
.status { font-size: 12px; padding: 1px 6px; border-radius: 4px; background: var(--chip); }
.status.connected { background: var(--ok-soft); color: var(--ok); }
.status.failed, .status.stopped { background: var(--bad-soft); color: var(--bad); }
/* At 600 px and less each server is a card of labelled lines. */
@media (max-width: 600px) {
  #servers thead { display: none; }
  #servers, #servers tbody, #servers tr, #servers td { display: block; width: 100%; }
  #servers tr { border-bottom: 1px solid var(--line); padding: 4px 0; }
  #servers td { border: 0; padding: 2px 0; text-align: left; }
  #servers td::before { content: attr(data-label) ": "; color: var(--muted); }
  #servers td.error:empty { display: none; }
}
.policy { font-size: 12px; color: var(--muted); padding-left: 18px; overflow-wrap: anywhere; }
.warning { color: var(--warn); }
form { display: flex; gap: 8px; min-width: 0; }
input, select { font: inherit; color: var(--ink); background: var(--panel); border: 1px solid var(--line); border-radius: 6px; min-width: 0; }
input { flex: 1; padding: 7px 10px; }
select { padding: 2px 4px; font-size: 12px; max-width: 100%; }
button { font: inherit; padding: 7px 14px; border: 0; border-radius: 6px; background: var(--accent); color: var(--on-accent); cursor: pointer; }
button.quiet { padding: 3px 10px; font-size: 12px; background: transparent; color: inherit; border: 1px solid currentColor; }
a { color: var(--accent); }
header button.quiet { color: var(--header-ink); }
ol { padding-left: 0; list-style: none; margin: 0; }
.match { border-bottom: 1px solid var(--line); padding: 6px 0; }
.match .head { display: flex; flex-wrap: wrap; gap: 10px; align-items: baseline; }
.description { font-size: 12px; color: var(--muted); overflow-wrap: anywhere; }
code, .tool { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; overflow-wrap: anywhere; min-width: 0; }
.filters { display: flex; flex-wrap: wrap; gap: 6px 12px; margin-top: 8px; font-size: 12px; color: var(--muted); }
.filters label { display: flex; gap: 4px; align-items: center; min-width: 0; }
.pending { position: absolute; top: 6px; left: 50%; transform: translateX(-50%); z-index: 1; max-width: calc(100% - 24px); padding: 5px 12px; font-size: 13px; border-radius: 16px; box-shadow: 0 2px 8px rgba(0, 0, 0, .25); }
.entry { border-left: 3px solid var(--line); padding: 6px 10px; margin-bottom: 8px; background: var(--sunken); border-radius: 0 6px 6px 0; min-width: 0; }
.entry.search { border-color: var(--accent); }
.entry.describe { border-color: #8e7cc3; }
.entry.call { border-color: var(--ok); }
.entry[data-outcome="tool-error"] { border-color: var(--bad); }
.entry[data-outcome="bad-request"], .entry[data-outcome="empty"] { border-color: var(--warn); border-left-style: dashed; }
.entry[data-outcome="policy"] { border-color: var(--policy); }
.entry[data-outcome="server-down"] { border-color: var(--down); }
.entry .head { display: flex; flex-wrap: wrap; gap: 2px 8px; font-size: 11px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
.entry .head .session, .entry .head .client, .entry .head .instance { text-transform: none; letter-spacing: 0; overflow-wrap: anywhere; min-width: 0; }
.entry .head .client { color: var(--accent); }
.entry .body { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 8px; margin-top: 2px; font-size: 13px; min-width: 0; }
.entry .body > * { min-width: 0; }
.query { font-weight: 600; overflow-wrap: anywhere; }
.meta { font-size: 12px; color: var(--muted); overflow-wrap: anywhere; }
.results { display: flex; flex-wrap: wrap; gap: 6px; width: 100%; min-width: 0; }
.results code { background: var(--chip); padding: 1px 5px; border-radius: 4px; }
.follows { display: flex; flex-wrap: wrap; gap: 4px 10px; width: 100%; min-width: 0; }
.follow { font-size: 12px; color: var(--ok); overflow-wrap: anywhere; min-width: 0; }
.outcome { font-size: 12px; padding: 0 6px; border-radius: 4px; background: var(--ok-soft); color: var(--ok); }
.outcome.tool-error { background: var(--bad-soft); color: var(--bad); }
.outcome.bad-request, .outcome.empty { background: var(--warn-soft); color: var(--warn); }
.outcome.policy { background: var(--policy-soft); color: var(--policy); }
.outcome.server-down { background: var(--down-soft); color: var(--down); }
.outcome.cancelled { background: var(--chip); color: var(--muted); }
div.error { font-size: 12px; color: var(--bad); overflow-wrap: anywhere; margin-top: 2px; }
div.error.bad-request { color: var(--warn); }
div.error.policy { color: var(--policy); }
div.error.server-down { color: var(--down); }
.timing { height: 4px; margin-top: 4px; background: var(--line); border-radius: 2px; overflow: hidden; }
.timing .fill { display: block; height: 100%; background: var(--accent); }
.entry[data-outcome="tool-error"] .timing .fill { background: var(--bad); }
details.payload { margin-top: 4px; font-size: 12px; min-width: 0; }
details.payload summary { cursor: pointer; color: var(--muted); }
details.payload pre { margin: 4px 0 0; padding: 6px 8px; background: var(--panel); border: 1px solid var(--line); border-radius: 4px; max-height: 16em; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; font: 11px ui-monospace, SFMono-Regular, Menlo, monospace; }
body.sign-in { height: auto; overflow: visible; display: block; }
main.sign-in { display: block; max-width: 560px; margin: 0 auto; }
main.sign-in form { margin: 12px 0; flex-wrap: wrap; align-items: center; }
main.sign-in label { width: 100%; font-size: 13px; color: var(--muted); }
.notice-text { font-size: 14px; overflow-wrap: anywhere; }
`;
