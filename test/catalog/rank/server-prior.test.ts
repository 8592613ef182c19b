import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSearchIndex } from '../../../src/catalog/index/build-search-index.ts';
import { analyzeQuery } from '../../../src/catalog/query/analyze-query.ts';
import { scoreServers, serverDocumentsOf, weighServerPrior } from '../../../src/catalog/rank/server-prior.ts';
import { searchTools } from '../../../src/catalog/search-tools.ts';
import type { Tool } from '../../../src/tools/tool.ts';
import { makeTool } from '../catalog-fixtures.ts';

/** A request's terms as the ranking reads them. */
const terms = (request: string): readonly string[] => analyzeQuery(request).written.terms;

// A payments server whose tools all speak of payments, and a lookalike refund tool on a shop server.
const catalog: Tool[] = [
  makeTool('create_refund', 'Refund a charge to the customer.', [], 'mcp-payments'),
  makeTool('list_charges', 'List payment charges of a customer.', [], 'mcp-payments'),
  makeTool('get_payout', 'Get a payment payout.', [], 'mcp-payments'),
  makeTool('create_refund', 'Refund an order.', [], 'mcp-shop'),
  makeTool('list_orders', 'List orders of the shop.', [], 'mcp-shop'),
];

describe('serverDocumentsOf', () => {
  it('numbers servers in catalog order and sums their tools’ field lengths, requests left out', () => {
    const withRequests = catalog.map((tool, position) =>
      position === 0 ? { ...tool, requests: ['give the money back to the customer'] } : tool,
    );
    const servers = serverDocumentsOf(buildSearchIndex(withRequests));
    assert.deepEqual([...servers.serverOf], [0, 0, 0, 1, 1]);
    assert.equal(servers.serverCount, 2);
    assert.deepEqual([...servers.lengths], [...serverDocumentsOf(buildSearchIndex(catalog)).lengths]);
  });
});

describe('scoreServers', () => {
  it('scores the server whose tools speak of the request’s words above one that has them once', () => {
    const index = buildSearchIndex(catalog);
    const [payments, shop] = scoreServers(index, serverDocumentsOf(index), terms('refund the payment of the customer'));
    assert.ok(payments! > shop!, `${payments} > ${shop}`);
  });

  it('scores 0 for a server none of the terms is in', () => {
    const index = buildSearchIndex(catalog);
    assert.deepEqual(
      [...scoreServers(index, serverDocumentsOf(index), terms('charges'))].map((score) => score > 0),
      [true, false],
    );
  });
});

describe('weighServerPrior', () => {
  it('multiplies each scored tool by 1 + weight x its server’s share of the best server’s score, never a filter', () => {
    const index = buildSearchIndex(catalog, { serverPriorWeight: 0.5 });
    const scores = Float64Array.from([1, 0, 0, 1, 0]);
    weighServerPrior(index, scores, terms('charges'));
    // Only the payments server has "charges": its tool gains the whole weight, the shop's keeps its score.
    assert.deepEqual([...scores], [1.5, 0, 0, 1, 0]);
  });

  it('does nothing at weight 0, the default, or over a single server', () => {
    const scores = Float64Array.from([1, 1, 1, 1, 1]);
    weighServerPrior(buildSearchIndex(catalog), scores, terms('charges'));
    const payments = catalog.slice(0, 3);
    const single = Float64Array.from([1, 1, 1]);
    weighServerPrior(buildSearchIndex(payments, { serverPriorWeight: 0.5 }), single, terms('charges'));
    assert.deepEqual([...scores, ...single], [1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('lifts the payments server’s refund against a lookalike elsewhere for a request that reads like payments', () => {
    const tools = [
      makeTool('create_refund', 'Refund a charge.', [], 'mcp-payments'),
      makeTool('list_charges', 'List card payment charges.', [], 'mcp-payments'),
      makeTool('capture_payment', 'Capture a card payment.', [], 'mcp-payments'),
      makeTool('create_refund', 'Refund a card payment of an order.', [], 'mcp-shop'),
      makeTool('ship_order', 'Ship an order.', [], 'mcp-shop'),
    ];
    // The payments refund's score as a share of the shop's.
    const share = (serverPriorWeight: number): number => {
      const scores = new Map(
        searchTools(tools, 'refund a card payment', 2, { serverPriorWeight }).map((match) => [match.tool.toolset, match.score]),
      );
      return scores.get('mcp-payments')! / scores.get('mcp-shop')!;
    };
    assert.ok(share(1) > share(0) * 1.1, `${share(1)} > 1.1 x ${share(0)}`);
  });
});
