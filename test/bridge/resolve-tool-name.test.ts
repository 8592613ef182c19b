import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveBridgeTarget } from '../../src/bridge/resolve-tool-name.ts';
import { buildSessionScope } from '../../src/bridge/session-scope.ts';
import { DEFAULT_TOOL_SEARCH_CONFIG } from '../../src/config/tool-search-config.ts';
import { mcpServerTools } from '../support/fixtures.ts';

const scope = buildSessionScope({ registry: mcpServerTools('slack'), toolsets: undefined, config: DEFAULT_TOOL_SEARCH_CONFIG });

describe('resolveBridgeTarget', () => {
  it('names an unknown tool and offers close names', () => {
    assert.deepEqual(resolveBridgeTarget(scope, 'mcp_slack_slack_post_mesage', 'tool_call'), {
      ok: false,
      outcome: {
        ok: false,
        error: {
          code: 'unknown_tool',
          message:
            "Unknown tool 'mcp_slack_slack_post_mesage'. Did you mean mcp_slack_slack_post_message? Use tool_search to find tools by what they do.",
          suggestions: ['mcp_slack_slack_post_message'],
        },
      },
    });
  });

  it('repeats a 1,000,000-character unknown name clipped to 80 characters and its length, with no suggestions', () => {
    const name = `mcp_slack_slack_post_message${'x'.repeat(1_000_000 - 28)}`;
    const resolved = resolveBridgeTarget(scope, name, 'tool_call');
    assert.deepEqual(resolved, {
      ok: false,
      outcome: {
        ok: false,
        error: {
          code: 'unknown_tool',
          message: `Unknown tool '${name.slice(0, 80)}… (1,000,000 characters)'. Use tool_search to find tools by what they do.`,
          suggestions: [],
        },
      },
    });
  });
});
