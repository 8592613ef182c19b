import { FEED_SCRIPT } from './script-feed.ts';
import { STATE_SCRIPT } from './script-state.ts';
import { STREAM_SCRIPT } from './script-stream.ts';

/**
 * The live view's script, served as /live-view.js: plain browser JavaScript, no framework, no build.
 * It loads `/api/state` and `/api/history`, follows `/api/events` (one stream per browser, see
 * script-stream.ts) and runs the search box through `/api/search`. While the stream is down the page
 * says why and what to do, and marks what it shows as stale. `body[data-feed]` is the stream's state
 * (`live`, `connecting`, `offline`, `signed-out`, `full`); `body[data-stale]` is true while the data
 * may be out of date.
 */
export const LIVE_VIEW_SCRIPT = `'use strict';
(function () {
${STATE_SCRIPT}
${FEED_SCRIPT}
${STREAM_SCRIPT}
  var timeoutMs = Number(document.body.dataset.searchTimeoutMs) || 15000;
  var byId = function (id) { return document.getElementById(id); };
  var lastFresh = null;

  function renderSaved() {
    var saved = feed.savedTokens();
    var line = byId('tokens-saved');
    byId('saved-total').textContent = saved > 0 ? formatNumber(saved) + ' tokens saved' : '';
    line.textContent = (line.dataset.summary || '') + (saved > 0 ? '; ' + formatNumber(saved) + ' schema tokens not sent over ' + formatNumber(feed.total()) + ' model requests so far' : '');
  }

  var feed = createFeed({
    feed: byId('feed'),
    scroller: byId('feed-scroll'),
    empty: byId('feed-empty'),
    count: byId('feed-count'),
    cap: byId('feed-cap'),
    waiting: byId('feed-pending'),
    pause: byId('pause'),
    filters: { server: byId('filter-server'), kind: byId('filter-kind'), outcome: byId('filter-outcome'), client: byId('filter-client') }
  }, renderSaved);

  /** Says what is wrong and what to do; marks the data stale from the moment it stopped being fresh. */
  function setStatus(state, message) {
    document.body.dataset.feed = state;
    var badge = byId('feed-status');
    badge.textContent = { live: 'live', connecting: 'connecting', offline: 'offline', 'signed-out': 'signed out', full: 'too many browsers' }[state] || state;
    badge.className = 'badge ' + state;
    if (state === 'live') lastFresh = null;
    else if (lastFresh === null) lastFresh = new Date();
    var stale = state !== 'live' && state !== 'connecting';
    document.body.dataset.stale = String(stale);
    var notice = byId('notice');
    notice.hidden = !message;
    notice.className = 'notice ' + state;
    byId('notice-text').textContent = message + (stale ? ' What this page shows is as of ' + lastFresh.toLocaleTimeString('en-GB') + '.' : '');
    byId('notice-link').hidden = state !== 'signed-out';
    byId('notice-retry').hidden = state !== 'full' && state !== 'offline';
  }
  byId('notice-retry').addEventListener('click', function () { following.retry(); });

  function refreshState() {
    return requestJson('/api/state', timeoutMs).then(function (state) {
      renderState(state);
      renderSaved();
      document.body.dataset.stateLoaded = 'true';
    }, function (error) {
      if (error.status === 401) setStatus('signed-out', error.message);
      // Otherwise the stream's state says what is wrong; the next refresh retries.
    });
  }

  function search(event) {
    event.preventDefault();
    var query = byId('search-query').value;
    var list = byId('search-results');
    var summary = byId('search-summary');
    summary.textContent = 'Searching…';
    document.body.dataset.searched = 'pending';
    requestJson('/api/search?q=' + encodeURIComponent(query), timeoutMs).then(function (result) {
      if (result.error) {
        summary.textContent = result.error;
        list.replaceChildren();
        document.body.dataset.searched = 'error';
        return;
      }
      var matches = result.matches || [];
      summary.textContent = matches.length + ' of ' + result.total_available + ' deferred tools' + (result.hint ? '. ' + result.hint : '') + (result.notice ? ' ' + result.notice : '');
      list.replaceChildren.apply(list, matches.map(function (match) {
        var item = element('li', 'match');
        var line = element('div', 'head');
        line.append(element('code', 'tool', match.name), element('span', 'meta', 'score ' + Number(match.score).toFixed(2)));
        item.append(line, element('div', 'description', match.description || ''));
        return item;
      }));
      document.body.dataset.searched = 'true';
    }, function (error) {
      summary.textContent = 'The search failed: ' + error.message;
      list.replaceChildren();
      document.body.dataset.searched = 'error';
      if (error.status === 401) setStatus('signed-out', error.message);
    });
  }
  byId('search-form').addEventListener('submit', search);

  // Entries the stream brings before the history arrived wait for it, so none is shown twice or lost.
  var early = [];
  var started = false;
  var following = followActivity({
    entry: function (entry) { if (started) feed.add(entry); else early.push(entry); },
    status: setStatus,
    ready: refreshState,
    catalog: refreshState,
    gap: function (missed) { feed.gap(missed); },
    lastId: function () { return feed.lastId(); }
  });
  refreshState();
  requestJson('/api/history', timeoutMs).then(function (history) {
    feed.start(history);
  }, function (error) {
    if (error.status === 401) setStatus('signed-out', error.message);
  }).finally(function () {
    started = true;
    early.forEach(function (entry) { feed.add(entry); });
    early = [];
    document.body.dataset.history = 'loaded';
    following.start();
  });
  setInterval(function () { if (!document.hidden) refreshState(); }, 5000);
})();
`;
