/**
 * `tool-search/request-pack`: where tools' requests come from, when that needs the disk or the
 * network: the shipped request pack (requests for the tools of 87 known MCP servers, read lazily),
 * learned requests kept in a file, the user's model's requests cached in a file, and a `writeRequests`
 * for any OpenAI-compatible chat endpoint. Node built-ins only; no package. Give what these make to
 * `createRequestSources` from `tool-search` (docs/requests.md).
 */
export type { PackMatch, PackMatchKind, RequestPack, RequestPackOptions } from './load-request-pack.ts';
export { DEFAULT_REQUEST_PACK_DIRECTORY, loadRequestPack } from './load-request-pack.ts';
export type { PackIdentities, PackManifest, PackServer, PackServerFile, PackSource } from './request-pack-manifest.ts';
export { parsePackManifest, parsePackServerFile } from './request-pack-manifest.ts';
export type { LaunchedPackages, ServerIdentity } from './server-identity.ts';
export { packageName, packagesInCommand } from './server-identity.ts';
export type { LearnedRequestFile, LearnedRequestFileOptions } from './learned-request-file.ts';
export { openLearnedRequestFile, readLearnedRequests } from './learned-request-file.ts';
export type { WrittenRequestFileOptions } from './written-request-file.ts';
export { DEFAULT_MAX_WRITTEN_ENTRIES, openWrittenRequestFile } from './written-request-file.ts';
export type { ChatRequestWriterOptions } from './chat-request-writer.ts';
export { createChatRequestWriter, DEFAULT_REQUESTS_PER_TOOL } from './chat-request-writer.ts';
export { defaultRequestCacheDirectory, defaultStateDirectory, LEARNED_REQUESTS_FILE, WRITTEN_REQUESTS_FILE } from './state-folders.ts';
export { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE, writeFileAtomically } from './write-file-atomically.ts';
