import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { createScratchFolder, firstText, MEMORY_SERVER, type ScratchFolder } from './fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from './fixtures/start-http-gateway.ts';

const SECRET = 'trace-secret-value-0123456789';

describe('OpenTelemetry: one GenAI execute_tool span per search, describe and call', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

  before(async () => {
    scratch = createScratchFolder();
    const document = {
      tools: { tool_search: { enabled: 'on' } },
      mcp_servers: {
        memory: {
          command: process.execPath,
          args: [MEMORY_SERVER],
          env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl', TRACE_API_KEY: SECRET },
        },
      },
    };
    under = await startHttpGateway(document, scratch.path, { tracer: provider.getTracer('test') });
    await under.gateway.ready();
  });
  beforeEach(() => exporter.reset());
  after(async () => {
    await under?.close();
    await provider.shutdown();
    scratch?.remove();
  });

  const onlySpan = (): ReadableSpan => {
    const spans = exporter.getFinishedSpans();
    assert.equal(spans.length, 1, spans.map((span) => span.name).join(', '));
    return spans[0]!;
  };

  test('a bridged call is an execute_tool span of the real tool, never tool_call', async () => {
    const result = await under.client.callTool({
      name: 'tool_call',
      arguments: { name: 'mcp_memory_create_entities', arguments: { entities: [{ name: 'trace', entityType: 'test', observations: [] }] } },
    });
    assert.notEqual(result.isError, true, firstText(result));
    const span = onlySpan();
    assert.equal(span.name, 'execute_tool mcp_memory_create_entities');
    assert.equal(span.kind, SpanKind.INTERNAL);
    assert.equal(span.status.code, SpanStatusCode.UNSET);
    assert.deepEqual(
      { ...span.attributes, 'gen_ai.tool.call.id': typeof span.attributes['gen_ai.tool.call.id'] },
      {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'mcp_memory_create_entities',
        'gen_ai.tool.call.id': 'string',
        'gen_ai.tool.type': 'extension',
        'tool_search.server': 'memory',
        'tool_search.via_bridge': true,
        'tool_search.outcome': 'ok',
      },
    );
  });

  test('a search records its query, redacted, and the names it returned', async () => {
    await under.client.callTool({ name: 'tool_search', arguments: { query: `read the knowledge graph ${SECRET}` } });
    const span = onlySpan();
    assert.equal(span.name, 'execute_tool tool_search');
    assert.equal(span.attributes['gen_ai.tool.name'], 'tool_search');
    assert.equal(span.attributes['tool_search.query'], 'read the knowledge graph <mcp_servers.memory.env.TRACE_API_KEY>');
    const results = span.attributes['tool_search.results'] as string[];
    assert.equal(results[0], 'mcp_memory_read_graph');
    assert.equal(span.attributes['tool_search.result_count'], results.length);
  });

  test('a describe names the tool it loaded', async () => {
    await under.client.callTool({ name: 'tool_describe', arguments: { name: 'mcp_memory_read_graph' } });
    const span = onlySpan();
    assert.equal(span.name, 'execute_tool tool_describe');
    assert.equal(span.attributes['tool_search.described_tool'], 'mcp_memory_read_graph');
    assert.equal(span.attributes['tool_search.server'], 'memory');
  });

  test('a refused call is an error span with error.type, the requested name and the message', async () => {
    await under.client.callTool({ name: 'tool_call', arguments: { name: 'mcp_memory_read_grph', arguments: {} } });
    const span = onlySpan();
    assert.equal(span.name, 'execute_tool tool_call');
    assert.equal(span.status.code, SpanStatusCode.ERROR);
    assert.match(span.status.message ?? '', /Unknown tool 'mcp_memory_read_grph'/);
    assert.equal(span.attributes['error.type'], 'unknown_tool');
    assert.equal(span.attributes['tool_search.requested_tool'], 'mcp_memory_read_grph');
    assert.equal(span.attributes['tool_search.outcome'], 'refused');
  });

  test('two calls at once get a span each, each with its own tool', async () => {
    await Promise.all([
      under.client.callTool({ name: 'tool_call', arguments: { name: 'mcp_memory_read_graph', arguments: {} } }),
      under.client.callTool({ name: 'tool_search', arguments: { query: 'delete an entity' } }),
    ]);
    const names = exporter
      .getFinishedSpans()
      .map((span) => span.name)
      .sort();
    assert.deepEqual(names, ['execute_tool mcp_memory_read_graph', 'execute_tool tool_search']);
  });
});
