import { originalNameOf, type Tool } from '../tools/tool.ts';

/**
 * A key for what a tool says about itself: its own (upstream) name, description and parameter schema,
 * hashed. Requests a model wrote for a tool are kept under this key, so a tool whose text changed is
 * written for again and one that did not never is, whatever the server is called in a config.
 * 64 bits of two multiplicative hashes plus the text's length: a cache key, not a security boundary.
 */
export function toolContentKey(tool: Tool): string {
  return hashText(JSON.stringify([originalNameOf(tool), tool.description, tool.parameters]));
}

function hashText(text: string): string {
  let first = 0x811c9dc5;
  let second = 0x9e3779b9;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 0x01000193);
    second = Math.imul(second ^ code, 0x5bd1e995);
    second ^= second >>> 13;
  }
  first = Math.imul(first ^ (first >>> 16), 0x85ebca6b);
  first ^= first >>> 13;
  second = Math.imul(second ^ (second >>> 16), 0xc2b2ae35);
  second ^= second >>> 16;
  return `${hex(first)}${hex(second)}-${text.length.toString(36)}`;
}

function hex(value: number): string {
  return (value >>> 0).toString(16).padStart(8, '0');
}
