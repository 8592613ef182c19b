/**
 * The page's part that follows `/api/events` (browser JavaScript, defines `followActivity`). One tab
 * of a browser follows the stream: the one holding the Web Lock `tool-search-live-view`; it hands every
 * event to the other tabs over a BroadcastChannel, so six tabs hold one connection to the gateway, not
 * six (HTTP/1.1 browsers open at most six per host, and a search would wait for one forever). When that
 * tab closes, the lock passes to another, which resumes from the last id it saw (`Last-Event-ID`), so
 * nothing falls in between. Without Web Locks or BroadcastChannel every tab follows on its own, and a
 * hidden one lets go of its stream after 10 seconds until it is shown again.
 *
 * The stream is read with fetch rather than EventSource, which hides why a stream failed: a 401 (the
 * gateway restarted, or the sign-in ended) and a 503 (too many browsers) are said, with what to do,
 * instead of "reconnecting" forever; other failures are retried after 1, 2, 4, ... 15 seconds.
 */
export const STREAM_SCRIPT = `
  var LOCK_NAME = 'tool-search-live-view';
  var HIDDEN_RELEASE_MS = 10000;

  /**
   * handlers: entry(entry), status(state, message) with state live | connecting | offline | signed-out
   * | full, ready() when a stream (re)starts, catalog() when the tools changed, gap(missed), lastId().
   * Returns start() (call it once the history is shown) and retry(), which retries at once (the
   * notice's "Try again").
   */
  function followActivity(handlers) {
    var shared = typeof BroadcastChannel === 'function' && navigator.locks && typeof navigator.locks.request === 'function';
    var channel = shared ? new BroadcastChannel(LOCK_NAME) : null;
    var leading = false;
    var status = { state: 'connecting', message: '' };
    var wake = null;
    var current = null;
    var released = false;

    function post(message) { if (leading && channel) channel.postMessage(message); }
    function setStatus(state, message) {
      status = { state: state, message: message || '' };
      handlers.status(status.state, status.message);
      post({ type: 'status', status: status });
    }
    function sleep(ms) {
      return new Promise(function (resolve) {
        var timer = setTimeout(done, ms);
        function done() { clearTimeout(timer); wake = null; resolve(); }
        wake = done;
      });
    }
    function whenVisible() {
      if (shared || !document.hidden) return Promise.resolve();
      return new Promise(function (resolve) {
        document.addEventListener('visibilitychange', function shown() {
          if (document.hidden) return;
          document.removeEventListener('visibilitychange', shown);
          resolve();
        });
      });
    }

    function handleBlock(block) {
      var event = 'message';
      var data = '';
      block.split('\\n').forEach(function (line) {
        if (line === '' || line.charAt(0) === ':') return;
        var colon = line.indexOf(':');
        var field = colon < 0 ? line : line.slice(0, colon);
        var value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.charAt(0) === ' ') value = value.slice(1);
        if (field === 'event') event = value;
        else if (field === 'data') data = data === '' ? value : data + '\\n' + value;
      });
      var parsed;
      try { parsed = JSON.parse(data || '{}'); } catch (error) { return; }
      if (event === 'ready') {
        setStatus('live', '');
        handlers.ready();
        post({ type: 'ready' });
      } else if (event === 'activity') {
        handlers.entry(parsed);
        post({ type: 'activity', entry: parsed });
      } else if (event === 'catalog') {
        handlers.catalog();
        post({ type: 'catalog' });
      } else if (event === 'gap') {
        handlers.gap(parsed.missed);
        post({ type: 'gap', missed: parsed.missed });
      }
    }

    /** One stream, until it fails or ends: what happened. */
    async function readStream() {
      var controller = new AbortController();
      current = controller;
      var headers = {};
      if (handlers.lastId() > 0) headers['Last-Event-ID'] = String(handlers.lastId());
      var response;
      try {
        response = await fetch('/api/events', { headers: headers, credentials: 'same-origin', cache: 'no-store', signal: controller.signal });
      } catch (error) {
        return { kind: 'network' };
      }
      if (!response.ok) {
        var text = '';
        try { text = (await response.text()).trim(); } catch (error) { /* the status says enough */ }
        return { kind: 'http', status: response.status, message: text };
      }
      var reader = response.body.getReader();
      var decoder = new TextDecoder();
      var buffer = '';
      try {
        for (;;) {
          var chunk = await reader.read();
          if (chunk.done) break;
          buffer += decoder.decode(chunk.value, { stream: true });
          // One cut per chunk, not per event: a burst of thousands arrives in a few chunks.
          var start = 0;
          var end;
          while ((end = buffer.indexOf('\\n\\n', start)) >= 0) {
            handleBlock(buffer.slice(start, end));
            start = end + 2;
          }
          buffer = buffer.slice(start);
        }
      } catch (error) {
        return { kind: 'network' };
      }
      return { kind: 'ended' };
    }

    async function follow() {
      var delay = 1000;
      for (;;) {
        await whenVisible();
        var outcome = await readStream();
        if (released) {
          released = false;
          setStatus('connecting', 'This tab let go of its stream while hidden; it resumes when shown.');
          continue;
        }
        if (outcome.kind === 'http' && outcome.status === 401) {
          setStatus('signed-out', outcome.message || 'Not signed in: sign in again with the one-time code the gateway printed.');
          // Nothing to retry until the browser signs in again (which reloads the page).
          await sleep(60000);
          continue;
        }
        if (outcome.kind === 'http' && outcome.status === 503) {
          setStatus('full', outcome.message + ' (trying again in 30 s)');
          await sleep(30000);
          continue;
        }
        if (status.state === 'live') delay = 1000;
        var seconds = Math.round(delay / 1000);
        var why = outcome.kind === 'http'
          ? 'The gateway answered ' + outcome.status + (outcome.message ? ': ' + outcome.message : '')
          : outcome.kind === 'ended' ? 'The gateway ended the stream' : 'The gateway is not answering (stopped, or restarting?)';
        setStatus('offline', why + '; trying again in ' + seconds + ' s.');
        await sleep(delay);
        delay = Math.min(delay * 2, 15000);
      }
    }

    if (shared) {
      // Listening from now, before the history is read, so no entry handed on meanwhile is lost.
      channel.onmessage = function (message) {
        var data = message.data || {};
        if (data.type === 'hello') return post({ type: 'status', status: status });
        if (leading) return;
        if (data.type === 'activity') handlers.entry(data.entry);
        else if (data.type === 'status') { status = data.status; handlers.status(status.state, status.message); }
        else if (data.type === 'ready') handlers.ready();
        else if (data.type === 'catalog') handlers.catalog();
        else if (data.type === 'gap') handlers.gap(data.missed);
      };
    }

    /** Starts following once the page has its history, so a stream opened here resumes after it. */
    function start() {
      if (!shared) {
        // Each tab on its own: a hidden one lets go of its connection, and resumes from its last id when shown.
        var hiddenTimer = null;
        document.addEventListener('visibilitychange', function () {
          clearTimeout(hiddenTimer);
          if (document.hidden) hiddenTimer = setTimeout(function () { if (document.hidden && current) { released = true; current.abort(); } }, HIDDEN_RELEASE_MS);
        });
        leading = true;
        document.body.dataset.stream = 'own';
        follow();
        return;
      }
      // A follower of the tab that holds the lock, until this one gets it.
      document.body.dataset.stream = 'shared';
      channel.postMessage({ type: 'hello' });
      navigator.locks.request(LOCK_NAME, function () {
        leading = true;
        document.body.dataset.stream = 'leader';
        return follow();
      });
    }
    return { start: start, retry: function () { if (wake) wake(); } };
  }
`;
