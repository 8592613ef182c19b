import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSearchIndex } from '../../../src/catalog/index/build-search-index.ts';
import { analyzeQuery } from '../../../src/catalog/query/analyze-query.ts';
import {
  bestRequestScore,
  MINIMUM_COMPARED_REQUESTS,
  requestDocumentsOf,
  requestQueryOf,
  weighBestRequests,
  type RequestDocuments,
} from '../../../src/catalog/rank/best-request.ts';
import { searchTools } from '../../../src/catalog/search-tools.ts';
import type { Tool } from '../../../src/tools/tool.ts';
import { makeTool } from '../catalog-fixtures.ts';

const stems = (request: string): readonly string[] => analyzeQuery(request).stems;

/** A request's distinct stems as the ids `requests` holds them by. */
const stemIdsOf = (requests: RequestDocuments, request: string): Set<number> =>
  new Set(stems(request).map((stem) => requests.vocabulary.stemIds.get(stem)!));

/** Request number `request` of `requests`, as its stem ids. */
const requestTerms = (requests: RequestDocuments, request: number): number[] => [
  ...requests.terms.subarray(requests.firstTerm[request]!, requests.firstTerm[request + 1]!),
];

// Two deployment tools: one whose single request says the whole request below, one whose many
// requests have its words spread over them (the requests field pools them, and counts them more).
const scale = {
  ...makeTool('scale_deployment', 'Change the replica count of a deployment.', [], 'mcp-kubernetes'),
  requests: [
    'run more copies of the web frontend',
    'scale it up',
    'add replicas',
    'bump the replica count',
    'grow the deployment',
    'handle more traffic',
    'autoscale by hand',
    'set replicas higher',
  ],
};
const rollout = {
  ...makeTool('restart_rollout', 'Restart the pods of a deployment.', [], 'mcp-kubernetes'),
  requests: [
    'copies hang',
    'web frontend is stuck',
    'restart everything',
    'it froze',
    'pods look dead',
    'redeploy the service',
    'roll the deployment',
    'fresh restart',
  ],
};
const logs = {
  ...makeTool('get_logs', 'Read the logs of a pod.', [], 'mcp-kubernetes'),
  requests: [
    'why did the frontend crash',
    'show me the web server output',
    'tail the logs',
    'container output',
    'what did it print',
    'read stderr',
    'log lines please',
    'stack trace from the pod',
  ],
};
const catalog: Tool[] = [scale, rollout, logs];
const request = 'more copies of the web frontend';

describe('requestDocumentsOf', () => {
  it('keeps each request as its own terms and counts the requests each term is in', () => {
    const requests = requestDocumentsOf(buildSearchIndex(catalog));
    assert.deepEqual([...requests.own], [1, 1, 1]);
    assert.equal(requests.requestCount, 24);
    assert.deepEqual([...requests.firstRequest], [0, 8, 16, 24]);
    assert.deepEqual(requestTerms(requests, 0), [...stemIdsOf(requests, 'run more copies of the web frontend')]);
    assert.equal(requests.requestCounts.get([...stemIdsOf(requests, 'frontend')][0]!), 3);
    assert.equal(requests.requestCounts.get([...stemIdsOf(requests, 'copies')][0]!), 2);
  });

  it('reads only the requests a tool has of its own, and only when it has enough to compare', () => {
    const bare = makeTool('get_events', 'List the events of a namespace.', [], 'mcp-kubernetes');
    const lent = { ...bare, name: 'get_nodes', requests: scale.requests, requestsGivenBy: 'lent' as const };
    const learned = { ...bare, name: 'get_secrets', requests: scale.requests.slice(0, MINIMUM_COMPARED_REQUESTS - 1) };
    const requests = requestDocumentsOf(buildSearchIndex([...catalog, bare, lent, learned]));
    assert.deepEqual([...requests.own], [1, 1, 1, 0, 0, 0]);
    assert.equal(requests.requestCount, 24);
    assert.deepEqual([...requests.firstRequest], [0, 8, 16, 24, 24, 24, 24]);
  });
});

describe('bestRequestScore', () => {
  it('counts a request once per word it has, and every time the word comes in the request', () => {
    const echo = { ...makeTool('echo_words', 'Echo.', [], 'mcp-echo'), requests: ['web web web', ...scale.requests.slice(1)] };
    const once = { ...makeTool('say_word', 'Say.', [], 'mcp-echo'), requests: ['web', ...scale.requests.slice(1)] };
    const index = buildSearchIndex([echo, once]);
    const requests = requestDocumentsOf(index);
    assert.equal(requests.requestCounts.get([...stemIdsOf(requests, 'web')][0]!), 2);
    const web = requestQueryOf(requests, stems('web'));
    assert.ok(bestRequestScore(index, requests, 0, web) !== bestRequestScore(index, requests, 1, web));
  });

  it('scores a request with all of the words above requests that have them spread out', () => {
    const index = buildSearchIndex(catalog);
    const requests = requestDocumentsOf(index);
    const terms = requestQueryOf(requests, stems(request));
    const [scaleScore, rolloutScore, logsScore] = [0, 1, 2].map((document) => bestRequestScore(index, requests, document, terms));
    assert.ok(scaleScore! > rolloutScore! && rolloutScore! > 0, `${scaleScore} > ${rolloutScore} > 0`);
    assert.ok(rolloutScore! > logsScore!, `${rolloutScore} > ${logsScore}`);
    assert.equal(bestRequestScore(index, requests, 0, requestQueryOf(requests, stems('pods logs'))), 0);
  });
});

describe('weighBestRequests', () => {
  it('puts the tool whose one request says the request first, where pooled requests did not', () => {
    const pooled = searchTools(catalog, request, 3, { bestRequestWeight: 0 }).map((match) => match.tool.name);
    const best = searchTools(catalog, request, 3).map((match) => match.tool.name);
    assert.equal(pooled[0], 'restart_rollout');
    assert.equal(best[0], 'scale_deployment');
  });

  it('gives a tool without requests of its own the best share, above the relevance floor only', () => {
    const bare = makeTool('get_events', 'List the events of a namespace for the web frontend.', [], 'mcp-kubernetes');
    const lent = {
      ...makeTool('get_nodes', 'List the nodes.', [], 'mcp-kubernetes'),
      requests: ['web frontend nodes'],
      requestsGivenBy: 'lent' as const,
    };
    const index = buildSearchIndex([...catalog, bare, lent]);
    // Scores before the stage; get_nodes is below the floor (0.1 x the best score, 2).
    const scores = new Float64Array([2, 1.5, 0, 1, 0.1]);
    weighBestRequests(index, scores, stems(request), 10);
    const bonus = 0.7 * 2;
    assert.equal(scores[0], 2 + bonus, 'the best request takes the whole bonus');
    assert.ok(scores[1]! > 1.5 && scores[1]! < 1.5 + bonus, String(scores[1]));
    assert.equal(scores[2], 0, 'no score, no bonus');
    assert.equal(scores[3], 1 + bonus, 'no requests of its own: the benefit of the doubt');
    assert.equal(scores[4], 0.1, 'lent requests, below the floor: nothing');
  });

  it('lets requests reorder the tools that have them, never put one above a tool without', () => {
    const bare = makeTool('list_replica_sets', 'List replica sets: copies of the web frontend pods and others.', [], 'mcp-kubernetes');
    const ranked = (bestRequestWeight: number) =>
      new Map(
        searchTools([...catalog, bare], request, 4, { bestRequestWeight }).map((match, place) => [
          match.tool.name,
          { place, score: match.score },
        ]),
      );
    const before = ranked(0);
    const after = ranked(0.7);
    assert.ok(after.get('list_replica_sets')!.place <= before.get('list_replica_sets')!.place);
    // scale_deployment's one request says the whole request: it gains on restart_rollout's many.
    const gap = (ranking: typeof before) => ranking.get('scale_deployment')!.score - ranking.get('restart_rollout')!.score;
    assert.ok(gap(after) > gap(before), `${gap(before)} -> ${gap(after)}`);
  });

  it('is off with the requests field (its weight 0)', () => {
    const index = buildSearchIndex(catalog, { fieldWeights: { requests: 0 } });
    const scores = new Float64Array([2, 0, 1]);
    weighBestRequests(index, scores, stems(request), 10);
    assert.deepEqual([...scores], [2, 0, 1]);
  });

  it('adds only to documents that had a score, by their share of the best request', () => {
    const index = buildSearchIndex(catalog);
    const scores = new Float64Array([2, 0, 1]);
    weighBestRequests(index, scores, stems(request), 10);
    assert.equal(scores[1], 0);
    // scale_deployment has the best request: it gains the weight x the best score.
    assert.equal(scores[0], 2 + 0.7 * 2);
    assert.ok(scores[2]! > 1 && scores[2]! < 1 + 0.7 * 2, String(scores[2]));
  });
});
