/**
 * The page's cards (browser JavaScript, defines `renderState` and `requestJson`): what the model sees,
 * the servers and the policy from `/api/state`, and the helpers every part uses. Text from the gateway
 * is only ever set as textContent, never parsed as HTML.
 */
export const STATE_SCRIPT = `
  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function formatNumber(value) {
    return Number(value).toLocaleString('en-US');
  }
  function timeOf(entry) {
    var date = new Date(entry.time);
    return isNaN(date.getTime()) ? '' : date.toLocaleTimeString('en-GB');
  }

  /** Why a request failed: the gateway's own words for an HTTP error, or that no answer came in time. */
  function RequestError(message, status) {
    this.message = message;
    this.status = status;
  }

  /** GET path as JSON, abandoned after timeoutMs (a browser out of connections to the host would wait forever). */
  function requestJson(path, timeoutMs) {
    var controller = new AbortController();
    var timer = setTimeout(function () { controller.abort(); }, timeoutMs);
    return fetch(path, { credentials: 'same-origin', cache: 'no-store', signal: controller.signal }).then(function (response) {
      if (response.ok) return response.json();
      return response.text().then(function (text) { throw new RequestError(text.trim() || 'HTTP ' + response.status, response.status); });
    }, function (error) {
      if (controller.signal.aborted) {
        throw new RequestError('No answer within ' + Math.round(timeoutMs / 1000) + ' s. The browser may have no connection left to the gateway ' +
          '(it opens at most 6 per host, and every tab of this page following the feed on its own holds one): close some tabs of this page, then try again.', 0);
      }
      throw new RequestError('The gateway is not answering (' + error.message + ').', 0);
    }).finally(function () { clearTimeout(timer); });
  }

  function renderState(state) {
    var model = state.model;
    document.getElementById('tokens-before').textContent = formatNumber(model.tokensBefore);
    document.getElementById('tokens-after').textContent = formatNumber(model.tokensAfter);
    var less = model.tokensBefore > 0 ? Math.round((1 - model.tokensAfter / model.tokensBefore) * 100) : 0;
    document.getElementById('tokens-saved').dataset.perRequest = model.active ? String(model.tokensBefore - model.tokensAfter) : '0';
    document.getElementById('tokens-saved').dataset.summary = model.active ? less + '% less per model request, ' + model.deferred + ' tools behind tool_search' : 'Tool Search not active: nothing saved';
    document.getElementById('model-reason').textContent = 'enabled: ' + model.mode + '. ' + model.reason;
    var chips = document.getElementById('visible-tools');
    chips.replaceChildren.apply(chips, model.visible.map(function (name) { return element('li', /^tool_(search|describe|call)$/.test(name) ? 'chip bridge' : 'chip', name); }));

    var body = document.querySelector('#servers tbody');
    var labels = ['server', 'status', 'tools', 'schema tokens', 'restarts', 'last error'];
    body.replaceChildren.apply(body, state.servers.map(function (server) {
      var row = element('tr');
      row.dataset.server = server.name;
      var status = element('span', 'status ' + server.status, server.status);
      var error = server.error ? server.error + (server.restartInMs !== undefined ? ' (restart in ' + Math.ceil(server.restartInMs / 1000) + ' s)' : '') : '';
      [element('td', 'name', server.name), element('td'), element('td', 'number', server.tools), element('td', 'number', formatNumber(server.tokens)),
        element('td', 'number', server.failures), element('td', 'error', error)].forEach(function (cell, index) {
        cell.dataset.label = labels[index];
        if (index === 1) cell.append(status);
        row.append(cell);
      });
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
`;
