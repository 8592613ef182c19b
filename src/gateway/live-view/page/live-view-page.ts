/**
 * The live view's page: static markup, filled in by live-view-script.ts from `/api/state`,
 * `/api/events` and `/api/search`. No inline script or style (the CSP forbids them), nothing from
 * another origin: it works offline.
 */
export const LIVE_VIEW_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Tool Search gateway</title>
<link rel="stylesheet" href="/live-view.css">
<script src="/live-view.js" defer></script>
</head>
<body data-feed="connecting">
<header>
  <h1>Tool Search gateway</h1>
  <span id="feed-status" class="badge">connecting</span>
</header>
<main>
  <section id="model" aria-labelledby="model-title">
    <h2 id="model-title">What the model sees</h2>
    <p class="figures"><span id="tokens-before">–</span> <span class="unit">schema tokens</span> → <strong id="tokens-after">–</strong> <span class="unit">tokens</span> <span id="tokens-saved" class="saved"></span></p>
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
  <section id="feed-section" aria-labelledby="feed-title">
    <h2 id="feed-title">Live activity</h2>
    <p id="feed-empty" class="reason">Nothing yet: searches, describes, calls and refusals appear here as the model makes them.</p>
    <ol id="feed"></ol>
  </section>
</main>
</body>
</html>
`;
