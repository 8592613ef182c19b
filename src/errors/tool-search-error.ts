/** Codes of the setup and programmer mistakes the library throws for (never for model mistakes). */
export type ToolSearchErrorCode =
  | 'invalid_tool'
  | 'invalid_tools_file'
  | 'invalid_config_file'
  | 'file_not_found'
  | 'toolset_outside_parent'
  | 'unknown_format'
  | 'invalid_mcp_source'
  | 'mcp_list_failed'
  | 'missing_dependency'
  | 'invalid_options';

/**
 * A mistake in how the library was set up or called. Model mistakes never throw: they come back as a
 * {@link CallOutcome} the model can read (STYLE.md, two error channels).
 */
export class ToolSearchError extends Error {
  readonly code: ToolSearchErrorCode;

  constructor(code: ToolSearchErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ToolSearchError';
    this.code = code;
  }
}
