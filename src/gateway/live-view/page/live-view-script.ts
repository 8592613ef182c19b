/**
 * The live view's script, served as /live-view.js: plain browser JavaScript, no framework. It renders
 * `/api/state`, follows `/api/events` (EventSource) and runs the search box through `/api/search`. Text
 * from the gateway is only ever set as textContent, never parsed as HTML. `body[data-feed="live"]`
 * says the feed is subscribed.
 */
export const LIVE_VIEW_SCRIPT = `'use strict';
(function () {
  var FEED_MAX = 200;
  var feed = document.getElementById('feed');
  var searchesBySession = new Map();

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = String(text);
    return node;
  }
  function formatNumber(value) {
    return Number(value).toLocaleString('en-US');
  }
  function getJson(path) {
    return fetch(path, { credentials: 'same-origin', cache: 'no-store' }).then(function (response) {
      if (!response.ok) throw new Error('HTTP ' + response.status);
      return response.json();
    });
  }

  function renderState(state) {
    var model = state.model;
    document.getElementById('tokens-before').textContent = formatNumber(model.tokensBefore);
    document.getElementById('tokens-after').textContent = formatNumber(model.tokensAfter);
    var saved = model.tokensBefore > 0 ? Math.round((1 - model.tokensAfter / model.tokensBefore) * 100) : 0;
    document.getElementById('tokens-saved').textContent = model.active ? saved + '% less, ' + model.deferred + ' tools behind tool_search' : 'Tool Search not active';
    document.getElementById('model-reason').textContent = 'enabled: ' + model.mode + '. ' + model.reason;
    var chips = document.getElementById('visible-tools');
    chips.replaceChildren.apply(chips, model.visible.map(function (name) { return element('li', /^tool_(search|describe|call)$/.test(name) ? 'chip bridge' : 'chip', name); }));

    var body = document.querySelector('#servers tbody');
    body.replaceChildren.apply(body, state.servers.map(function (server) {
      var row = element('tr');
      row.dataset.server = server.name;
      row.append(element('td', 'name', server.name));
      var status = element('td');
      status.append(element('span', 'status ' + server.status, server.status));
      row.append(status);
      row.append(element('td', 'number', server.tools));
      row.append(element('td', 'number', formatNumber(server.tokens)));
      row.append(element('td', 'number', server.failures));
      var error = server.error ? server.error + (server.restartInMs !== undefined ? ' (restart in ' + Math.ceil(server.restartInMs / 1000) + ' s)' : '') : '';
      row.append(element('td', 'error', error));
      return row;
    }));

    var policy = document.getElementById('policy');
    policy.replaceChildren.apply(policy, state.policy.map(function (entry) {
      var what = [];
      if (entry.denied) what.push('denied (' + entry.denied + ')');
      if (entry.approval) what.push('needs approval (' + entry.approval + ')');
      if (entry.pinned) what.push('pinned (' + entry.pinned + ')');
      var item = element('li');
      item.append(element('code', '', entry.tool), document.createTextNode(' ' + what.join(', ')));
      return item;
    }).concat(state.warnings.map(function (warning) { return element('li', 'warning', warning); })));
  }

  function refreshState() {
    return getJson('/api/state').then(renderState).catch(function () { /* the next refresh retries */ });
  }

  function timeOf(entry) {
    var date = new Date(entry.time);
    return isNaN(date.getTime()) ? '' : date.toLocaleTimeString('en-GB');
  }

  /** Marks the latest search of the session whose results held the tool: the model followed it. */
  function markFollowed(entry, verb) {
    var searches = searchesBySession.get(entry.session) || [];
    for (var index = searches.length - 1; index >= 0; index--) {
      var search = searches[index];
      var position = search.results.indexOf(entry.tool);
      if (position < 0) continue;
      var key = verb + ' ' + entry.tool;
      if (search.followed.has(key)) return;
      search.followed.add(key);
      search.item.dataset.followed = 'true';
      search.follow.append(element('span', 'follow ' + verb, verb + ' #' + (position + 1) + ' ' + entry.tool));
      return;
    }
  }

  function feedItem(entry) {
    var item = element('li', 'entry ' + entry.event);
    item.dataset.kind = entry.event;
    var head = element('div', 'head');
    head.append(element('span', 'time', timeOf(entry)), element('span', 'kind', entry.event));
    // The named client (http.clients) whose session it was; as text, like everything from the gateway.
    if (entry.client) head.append(element('span', 'client', entry.client));
    item.append(head);
    var body = element('div', 'body');
    item.append(body);
    if (entry.event === 'search') {
      body.append(element('span', 'query', entry.query));
      body.append(element('span', 'meta', entry.results.length + ' result' + (entry.results.length === 1 ? '' : 's')));
      var results = element('div', 'results');
      entry.results.slice(0, 5).forEach(function (name) { results.append(element('code', '', name)); });
      if (entry.results.length === 0) results.append(element('span', 'warning', 'found nothing'));
      body.append(results);
      var follow = element('div', 'follows');
      body.append(follow);
      var searches = searchesBySession.get(entry.session) || [];
      searches.push({ results: entry.results, item: item, follow: follow, followed: new Set() });
      if (searches.length > 20) searches.shift();
      searchesBySession.set(entry.session, searches);
    } else if (entry.event === 'describe') {
      body.append(element('code', 'tool', entry.tool), element('span', 'meta', entry.server));
      markFollowed(entry, 'described');
    } else if (entry.event === 'call') {
      item.dataset.outcome = entry.outcome;
      body.append(element('code', 'tool', entry.tool));
      body.append(element('span', 'outcome ' + entry.outcome, entry.outcome));
      body.append(element('span', 'meta', entry.duration_ms + ' ms' + (entry.via_bridge ? ' via tool_call' : ' direct') + ' · ' + entry.server));
      if (entry.error) body.append(element('div', 'error', entry.error));
      markFollowed(entry, 'called');
    } else if (entry.event === 'refused') {
      body.append(element('code', 'tool', entry.tool || entry.via));
      body.append(element('span', 'outcome refused', entry.outcome));
      body.append(element('div', 'error', entry.error));
    }
    return item;
  }

  function addToFeed(entry) {
    document.getElementById('feed-empty').hidden = true;
    feed.prepend(feedItem(entry));
    while (feed.children.length > FEED_MAX) feed.lastElementChild.remove();
  }

  function setFeedStatus(status) {
    document.body.dataset.feed = status;
    var badge = document.getElementById('feed-status');
    badge.textContent = status === 'live' ? 'live' : status === 'offline' ? 'reconnecting' : 'connecting';
    badge.className = 'badge ' + status;
  }

  function follow() {
    var source = new EventSource('/api/events');
    source.addEventListener('ready', function () {
      setFeedStatus('live');
      refreshState();
    });
    source.addEventListener('activity', function (event) {
      try { addToFeed(JSON.parse(event.data)); } catch (error) { /* a line that is not JSON is skipped */ }
    });
    source.addEventListener('catalog', refreshState);
    source.addEventListener('error', function () { setFeedStatus('offline'); });
  }

  function search(event) {
    event.preventDefault();
    var query = document.getElementById('search-query').value;
    var list = document.getElementById('search-results');
    var summary = document.getElementById('search-summary');
    getJson('/api/search?q=' + encodeURIComponent(query)).then(function (result) {
      if (result.error) {
        summary.textContent = result.error;
        list.replaceChildren();
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
    }).catch(function (error) { summary.textContent = 'The search failed: ' + error.message; });
  }

  document.getElementById('search-form').addEventListener('submit', search);
  refreshState();
  follow();
  setInterval(function () { if (!document.hidden) refreshState(); }, 5000);
})();
`;
