/** What the page's markup is made with. */
export interface LiveViewPageOptions {
  /** How long the page waits for a search before saying it got no answer (read by the script from `data-search-timeout-ms`). */
  readonly searchTimeoutMs: number;
}

/**
 * The live view's page: static markup, filled in by live-view-script.ts from `/api/state`,
 * `/api/history`, `/api/events` and `/api/search`. No inline script or style (the CSP forbids them),
 * nothing from another origin: it works offline. Two columns on a wide screen (the cards on the left,
 * the feed in a panel of its own that scrolls on the right), one on a narrow one.
 */
export function liveViewPage(options: LiveViewPageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<meta name="color-scheme" content="light dark">
<title>Tool Search gateway</title>
<link rel="stylesheet" href="/live-view.css">
<script src="/live-view.js" defer></script>
</head>
<body data-feed="connecting" data-search-timeout-ms="${Math.max(1, Math.floor(options.searchTimeoutMs))}">
<header>
  <h1>Tool Search gateway</h1>
  <span id="feed-status" class="badge">connecting</span>
  <span id="saved-total" class="saved-total" title="schema tokens the model's requests did not carry because of Tool Search"></span>
  <form id="sign-out" method="post" action="/sign-out"><button type="submit" class="quiet">Sign out</button></form>
</header>
<div id="notice" class="notice" role="alert" hidden><span id="notice-text"></span> <a id="notice-link" href="/" hidden>Sign in</a><button id="notice-retry" type="button" class="quiet" hidden>Try again</button></div>
<main>
  <div class="column">
    <section id="model" aria-labelledby="model-title">
      <h2 id="model-title">What the model sees</h2>
      <p class="figures"><span id="tokens-before">–</span> <span class="unit">schema tokens</span> → <strong id="tokens-after">–</strong> <span class="unit">tokens</span></p>
      <p id="tokens-saved" class="saved"></p>
      <p id="model-reason" class="reason"></p>
      <ul id="visible-tools" class="chips"></ul>
    </section>
    <section id="servers-section" aria-labelledby="servers-title">
      <h2 id="servers-title">Servers</h2>
      <table id="servers">
        <thead><tr><th>server</th><th>status</th><th class="number">tools</th><th class="number">schema tokens</th><th class="number">restarts</th><th>last error</th></tr></thead>
        <tbody></tbody>
      </table>
      <ul id="policy" class="policy"></ul>
    </section>
    <section id="search-section" aria-labelledby="search-title">
      <h2 id="search-title">Search the catalog</h2>
      <form id="search-form" role="search">
        <input id="search-query" name="q" type="search" placeholder="what the model might ask for, e.g. store a note" autocomplete="off" maxlength="2000">
        <button type="submit">tool_search</button>
      </form>
      <p id="search-summary" class="reason"></p>
      <ol id="search-results"></ol>
    </section>
  </div>
  <section id="feed-section" aria-labelledby="feed-title">
    <div class="feed-head">
      <h2 id="feed-title">Live activity</h2>
      <span id="feed-count" class="reason"></span>
      <button id="pause" type="button" class="quiet" aria-pressed="false">Pause</button>
    </div>
    <div class="filters">
      <label>server <select id="filter-server" data-field="server"><option value="">all</option></select></label>
      <label>kind <select id="filter-kind" data-field="kind"><option value="">all</option></select></label>
      <label>outcome <select id="filter-outcome" data-field="outcome"><option value="">all</option></select></label>
      <label>client <select id="filter-client" data-field="client"><option value="">all</option></select></label>
    </div>
    <div class="feed-panel">
      <button id="feed-pending" type="button" class="pending" hidden></button>
      <div id="feed-scroll" class="feed-scroll">
        <p id="feed-empty" class="reason">Nothing yet: searches, describes, calls and refusals appear here as the model makes them.</p>
        <ol id="feed"></ol>
        <p id="feed-cap" class="reason" hidden></p>
      </div>
    </div>
  </section>
</main>
</body>
</html>
`;
}
