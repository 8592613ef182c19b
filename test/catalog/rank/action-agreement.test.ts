import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSearchIndex } from '../../../src/catalog/index/build-search-index.ts';
import { analyzeQuery } from '../../../src/catalog/query/analyze-query.ts';
import { actionAgreement, toolActionOf, weighActionAgreement } from '../../../src/catalog/rank/action-agreement.ts';
import { searchTools } from '../../../src/catalog/search-tools.ts';
import { makeTool } from '../catalog-fixtures.ts';

describe('toolActionOf', () => {
  it("reads the action of the tool's own name, never of the server prefix", () => {
    const stems = new Map<string, string>();
    assert.equal(toolActionOf({ ...makeTool('mcp_github_create_issue', ''), originalName: 'create_issue' }, stems), 'create');
    assert.equal(toolActionOf(makeTool('kubectl_get', ''), stems), 'get');
    assert.equal(toolActionOf(makeTool('removeLabel', ''), stems), 'delete');
    assert.equal(toolActionOf(makeTool('weather_forecast', ''), stems), undefined);
  });
});

describe('actionAgreement', () => {
  it('agrees on the same action, contradicts a change of another kind, and is neutral between reading actions', () => {
    assert.equal(actionAgreement('delete', 'delete'), 1);
    assert.equal(actionAgreement('delete', 'create'), -1);
    assert.equal(actionAgreement('list', 'create'), -1);
    assert.equal(actionAgreement('list', 'get'), 0);
    assert.equal(actionAgreement(undefined, 'create'), 0);
    assert.equal(actionAgreement('create', undefined), 0);
  });
});

describe('weighActionAgreement', () => {
  const tools = [
    makeTool('create_label', 'A label of an issue.'),
    makeTool('delete_label', 'A label of an issue.'),
    makeTool('get_label', 'A label of an issue.'),
    makeTool('label_colors', 'Colors.'),
  ];

  it('multiplies agreeing tools by 1 + weight and contradicting ones by 1 - weight, leaving the rest', () => {
    const index = buildSearchIndex(tools, { actionWeight: 0.2 });
    const scores = Float64Array.from([2, 2, 2, 2]);
    weighActionAgreement(index, scores, analyzeQuery('remove a label').action, 5);
    // get_label reads, which a deletion contradicts; label_colors says no action.
    assert.deepEqual([...scores], [2 * 0.8, 2 * 1.2, 2 * 0.8, 2]);
  });

  it('never gives a score to a tool the words did not match', () => {
    const index = buildSearchIndex(tools, { actionWeight: 0.2 });
    const scores = Float64Array.from([0, 1, 0, 0]);
    weighActionAgreement(index, scores, 'delete', 5);
    assert.deepEqual([...scores], [0, 1.2, 0, 0]);
  });

  it('does nothing at weight 0, the default', () => {
    const index = buildSearchIndex(tools);
    const scores = Float64Array.from([2, 2, 2, 2]);
    weighActionAgreement(index, scores, 'delete', 5);
    assert.deepEqual([...scores], [2, 2, 2, 2]);
  });

  it('puts the tool of the asked action first in a search, where the words alone tie', () => {
    // "forward" is no word of any tool nor a synonym of one: only the action reads it.
    const mail = [makeTool('draft_email', 'An email.'), makeTool('send_email', 'An email.')];
    const ranked = (options?: { actionWeight: number }): string[] =>
      searchTools(mail, 'forward the email', 2, options).map((match) => match.tool.name);
    assert.deepEqual(ranked(), ['draft_email', 'send_email']);
    assert.deepEqual(ranked({ actionWeight: 0.2 }), ['send_email', 'draft_email']);
  });
});
