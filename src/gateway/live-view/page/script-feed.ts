/**
 * The page's feed (browser JavaScript, defines `createFeed`): one item per search, describe, call and
 * refusal, newest first, at most FEED_MAX (the list says so when it holds fewer than were seen). Each
 * call shows its outcome, a timing bar (log scale: 1 ms, 10 ms, ... 10 s and more fill it) and its
 * arguments and result, redacted and cut by the gateway, behind a click. A refusal of the model's
 * request (bad arguments, an unknown name) is told apart from a tool that failed. Filters by server,
 * kind, outcome and client. While the reader is scrolled down, or pressed Pause, new entries wait
 * (their count shown) so the reading position never moves. Memory is bounded: FEED_MAX items, at most
 * as many waiting, and a search is remembered (to mark the call that followed it) only while its item is
 * in the list.
 */
export const FEED_SCRIPT = `
  var FEED_MAX = 200;
  var BAR_FULL_MS = 10000;
  var READING_OFFSET = 4;
  var POLICY_OUTCOMES = { denied: true, blocked: true, declined: true, approval_declined: true };
  var OUTCOME_TEXT = {
    ok: 'ok',
    empty: 'found nothing',
    'bad-request': 'bad request, no tool ran',
    'tool-error': 'tool failed',
    'server-down': 'server down',
    policy: 'refused by policy',
    cancelled: 'cancelled'
  };

  /** What became of an entry, as the filters and colours group it. */
  function outcomeOf(entry) {
    if (entry.event === 'search') return entry.results && entry.results.length > 0 ? 'ok' : 'empty';
    if (entry.event === 'describe') return 'ok';
    if (entry.event === 'call') {
      if (entry.outcome === 'ok') return 'ok';
      if (entry.outcome === 'cancelled') return 'cancelled';
      if (POLICY_OUTCOMES[entry.outcome]) return 'policy';
      if (entry.code === 'unavailable') return 'server-down';
      // The gateway refused the model's arguments before the tool ran: the model's mistake, not the server's.
      if (entry.code && entry.code !== 'tool_failed' && entry.code !== 'no_executor') return 'bad-request';
      return 'tool-error';
    }
    if (POLICY_OUTCOMES[entry.outcome]) return 'policy';
    if (entry.outcome === 'unavailable') return 'server-down';
    return 'bad-request';
  }

  function createFeed(elements, onChange) {
    var feed = elements.feed;
    var scroller = elements.scroller;
    var lastId = 0;
    var total = 0;
    var missed = 0;
    var savedTokens = 0;
    var activityLog = false;
    var manualPause = false;
    var waiting = [];
    var searchesBySession = new Map();
    var searchOfItem = new WeakMap();
    var seenValues = { server: new Set(), kind: new Set(), outcome: new Set(), client: new Set() };
    var filters = { server: '', kind: '', outcome: '', client: '' };

    function reading() { return manualPause || scroller.scrollTop > READING_OFFSET; }

    function offerValue(field, value) {
      if (!value || seenValues[field].has(value)) return;
      seenValues[field].add(value);
      var select = elements.filters[field];
      var option = element('option', '', field === 'outcome' ? OUTCOME_TEXT[value] || value : value);
      option.value = value;
      select.append(option);
    }
    function matches(item) {
      return Object.keys(filters).every(function (field) { return filters[field] === '' || item.dataset[field] === filters[field]; });
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
    function remember(entry, item, follow) {
      var searches = searchesBySession.get(entry.session) || [];
      var search = { session: entry.session, results: entry.results || [], item: item, follow: follow, followed: new Set() };
      searches.push(search);
      searchesBySession.set(entry.session, searches);
      searchOfItem.set(item, search);
    }
    function forget(item) {
      var search = searchOfItem.get(item);
      if (!search) return;
      var searches = (searchesBySession.get(search.session) || []).filter(function (other) { return other !== search; });
      if (searches.length === 0) searchesBySession.delete(search.session);
      else searchesBySession.set(search.session, searches);
    }

    function details(label, value) {
      var box = element('details', 'payload');
      box.append(element('summary', '', label));
      box.append(element('pre', '', JSON.stringify(value, null, 2)));
      return box;
    }
    function timingBar(ms) {
      var bar = element('div', 'timing');
      bar.title = ms + ' ms (the bar is on a log scale: 10 s and more fill it)';
      var fill = element('span', 'fill');
      // Set through the CSSOM, which the page's Content-Security-Policy allows (a style attribute it would not).
      fill.style.width = Math.min(100, Math.log10(1 + Math.max(0, ms)) / Math.log10(1 + BAR_FULL_MS) * 100).toFixed(1) + '%';
      bar.append(fill);
      return bar;
    }

    function itemOf(entry) {
      var outcome = outcomeOf(entry);
      var item = element('li', 'entry ' + entry.event);
      item.dataset.id = entry.id;
      item.dataset.kind = entry.event;
      item.dataset.outcome = outcome;
      if (entry.server) item.dataset.server = entry.server;
      if (entry.client) item.dataset.client = entry.client;
      var head = element('div', 'head');
      head.append(element('span', 'time', timeOf(entry)), element('span', 'kind', entry.event));
      if (entry.client) head.append(element('span', 'client', 'client ' + entry.client));
      // In a cluster, the instance the event happened on.
      if (entry.instance) head.append(element('span', 'instance', 'on ' + entry.instance));
      head.append(element('span', 'session', entry.session));
      item.append(head);
      var body = element('div', 'body');
      item.append(body);
      if (entry.event === 'search') {
        var results = entry.results || [];
        body.append(element('span', 'query', entry.query));
        body.append(element('span', 'meta', results.length + ' result' + (results.length === 1 ? '' : 's')));
        var shown = element('div', 'results');
        results.slice(0, 5).forEach(function (name) { shown.append(element('code', '', name)); });
        if (results.length > 5) shown.append(element('span', 'meta', '+' + (results.length - 5) + ' more'));
        if (results.length === 0) shown.append(element('span', 'outcome empty', OUTCOME_TEXT.empty));
        body.append(shown);
        var follow = element('div', 'follows');
        body.append(follow);
        remember(entry, item, follow);
      } else if (entry.event === 'describe') {
        body.append(element('code', 'tool', entry.tool), element('span', 'meta', entry.server));
        markFollowed(entry, 'described');
      } else if (entry.event === 'call') {
        body.append(element('code', 'tool', entry.tool));
        body.append(element('span', 'outcome ' + outcome, OUTCOME_TEXT[outcome] + (outcome === 'bad-request' && entry.code ? ' (' + entry.code + ')' : '')));
        body.append(element('span', 'meta', entry.duration_ms + ' ms' + (entry.via_bridge ? ' via tool_call' : ' direct') + ' · ' + entry.server));
        item.append(timingBar(Number(entry.duration_ms) || 0));
        if (entry.error) item.append(element('div', 'error ' + outcome, entry.error));
        if (entry.arguments !== undefined) item.append(details('arguments', entry.arguments));
        if (entry.result !== undefined) item.append(details('result', entry.result));
        markFollowed(entry, 'called');
      } else {
        body.append(element('code', 'tool', entry.tool || entry.via));
        body.append(element('span', 'outcome ' + outcome, OUTCOME_TEXT[outcome] + (entry.outcome ? ' (' + entry.outcome + ')' : '')));
        if (entry.error) item.append(element('div', 'error ' + outcome, entry.error));
      }
      offerValue('server', entry.server);
      offerValue('kind', entry.event);
      offerValue('outcome', outcome);
      offerValue('client', entry.client);
      item.hidden = !matches(item);
      return item;
    }

    function show(entry) {
      elements.empty.hidden = true;
      feed.prepend(itemOf(entry));
      while (feed.children.length > FEED_MAX) {
        forget(feed.lastElementChild);
        feed.lastElementChild.remove();
      }
    }
    function showWaiting() {
      var entries = waiting;
      waiting = [];
      entries.forEach(show);
      render();
    }

    var incoming = [];
    var scheduled = false;
    function flush() {
      scheduled = false;
      var batch = incoming;
      incoming = [];
      if (reading()) {
        // A reader away for long keeps the newest FEED_MAX waiting, as the list would.
        waiting = waiting.concat(batch).slice(-FEED_MAX);
      } else {
        batch.forEach(show);
      }
      render();
    }

    function render() {
      var count = feed.children.length;
      var visible = 0;
      for (var index = 0; index < count; index++) if (!feed.children[index].hidden) visible++;
      elements.count.textContent = visible === count ? count + ' shown' : visible + ' of ' + count + ' shown (filtered)';
      var capped = total > count + waiting.length;
      elements.cap.hidden = !capped;
      if (capped) {
        elements.cap.textContent = 'Showing the latest ' + count + ' of ' + formatNumber(total) + ' events' + (missed > 0 ? ' (' + formatNumber(missed) + ' missed while offline)' : '') +
          (activityLog ? '; older ones are in the activity log (tool-search activity FILE reports on it).' : '; older ones are not kept: set activity_log in the config to keep them.');
      }
      elements.waiting.hidden = waiting.length === 0;
      elements.waiting.textContent = waiting.length + ' new event' + (waiting.length === 1 ? '' : 's') + (manualPause ? ' (paused)' : ' (held while you read)') + ': show';
      elements.pause.textContent = manualPause ? 'Resume' : 'Pause';
      elements.pause.setAttribute('aria-pressed', String(manualPause));
      document.body.dataset.feedItems = String(count);
      document.body.dataset.rememberedSearches = String(Array.from(searchesBySession.values()).reduce(function (sum, list) { return sum + list.length; }, 0));
      onChange();
    }

    scroller.addEventListener('scroll', function () { if (!reading() && waiting.length > 0) showWaiting(); });
    elements.pause.addEventListener('click', function () {
      manualPause = !manualPause;
      if (!reading() && waiting.length > 0) showWaiting();
      else render();
    });
    elements.waiting.addEventListener('click', function () {
      manualPause = false;
      showWaiting();
      scroller.scrollTop = 0;
    });
    Object.keys(elements.filters).forEach(function (field) {
      elements.filters[field].addEventListener('change', function () {
        filters[field] = elements.filters[field].value;
        Array.prototype.forEach.call(feed.children, function (item) { item.hidden = !matches(item); });
        render();
      });
    });

    return {
      /** The history a page starts from (/api/history): entries oldest first. */
      start: function (history) {
        activityLog = history.activity_log === true;
        total = history.total - history.entries.length;
        savedTokens = history.saved_tokens;
        history.entries.forEach(function (entry) { if (entry.id > lastId) { lastId = entry.id; total++; show(entry); } });
        lastId = Math.max(lastId, history.last_id);
        render();
      },
      /**
       * A new entry from the stream; one already shown (by id) is skipped. Entries are laid out once a
       * frame, not one by one: a burst of thousands costs a few layouts, not thousands.
       */
      add: function (entry) {
        if (!(entry.id > lastId)) return;
        lastId = entry.id;
        total++;
        savedTokens += Number(entry.saved_tokens) || 0;
        incoming.push(entry);
        if (incoming.length > FEED_MAX) incoming.shift();
        if (scheduled) return;
        scheduled = true;
        // Animation frames stop in a hidden tab; a timer still runs there, more slowly.
        if (document.hidden) setTimeout(flush, 100);
        else requestAnimationFrame(flush);
      },
      gap: function (count) {
        missed += count;
        total += count;
        render();
      },
      lastId: function () { return lastId; },
      total: function () { return total; },
      savedTokens: function () { return savedTokens; }
    };
  }
`;
