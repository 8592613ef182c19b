/**
 * `tool-search/gateway`: an MCP server that puts Tool Search in front of the user's MCP servers.
 * Reaches the MCP SDK; the root entry does not.
 */
export type { Gateway, GatewayOptions, ObservedActivity } from './create-gateway.ts';
export { createGateway } from './create-gateway.ts';
export type { GatewayConnection, GatewayConnectionOptions } from './connect-gateway-server.ts';
export { connectGatewayServer, GATEWAY_SERVER_INFO } from './connect-gateway-server.ts';
export type { HttpGateway, HttpGatewayOptions } from './serve-http.ts';
export { GATEWAY_HTTP_HOST, GATEWAY_HTTP_PATH, serveHttp } from './serve-http.ts';
export type { HttpClientToken, HttpConfig } from './http-config.ts';
export { DEFAULT_IDLE_SESSION_MS, DEFAULT_MAX_SESSIONS, HTTP_CONFIG_KEYS, MIN_TOKEN_LENGTH, resolveHttpConfig } from './http-config.ts';
export { DEFAULT_FAILED_TOKEN_LIMIT, DEFAULT_FAILED_TOKEN_WINDOW_MS } from './failed-token-throttle.ts';
export type { GatewayConfig, HttpUpstreamConfig, ResolvedGatewayConfig, StdioUpstreamConfig, UpstreamConfig } from './gateway-config.ts';
export {
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_GATEWAY_CONTEXT_LENGTH,
  resolveGatewayConfig,
} from './gateway-config.ts';
export type { PlaceholderValues } from './expand-placeholders.ts';
export type { Upstream, UpstreamState, UpstreamStatus } from './create-upstream.ts';
export type { ActivityLogEntry, ActivityLogStatus } from './open-activity-log.ts';
export type { RestartBackoff } from './restart-delay.ts';
export { DEFAULT_RESTART_BACKOFF, restartDelay } from './restart-delay.ts';
export type { GatewayTimers } from './gateway-timers.ts';
export type { TemporaryFolder } from './temporary-folder.ts';
export { createTemporaryFolder } from './temporary-folder.ts';
export type { GatewaySessionOptions } from './create-gateway.ts';
export type { LiveView, LiveViewOptions } from './live-view/create-live-view.ts';
export { createLiveView, DEFAULT_MAX_LIVE_VIEW_STREAMS } from './live-view/create-live-view.ts';
export type { ServedLiveView } from './live-view/serve-live-view.ts';
export { LIVE_VIEW_HOST, liveViewSignInLink, serveLiveView } from './live-view/serve-live-view.ts';
export type { ToolCallTracing, TraceAttributes, TraceAttributeValue, TraceSpan, TraceTracer } from './trace-tool-calls.ts';
export { createToolCallTracing, loadOpenTelemetryTracer, toolSpanAttributes } from './trace-tool-calls.ts';
export type { ActivityReport, ActivitySummary, QueryCount, TokensSaved } from './activity-report/summarize-activity.ts';
export { createActivitySummary } from './activity-report/summarize-activity.ts';
