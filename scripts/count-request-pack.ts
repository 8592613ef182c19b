/**
 * Recounts request-pack/manifest.json: each server's `tools` and `requests` from its file. Run after
 * adding or editing a server's file (request-pack/README.md, "Adding a server"):
 *
 *     npx tsx scripts/count-request-pack.ts
 *
 * Says which server files the manifest does not list (add an entry by hand: the identities cannot be
 * counted) and which entries name a missing file; exits 1 when there is either.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePackManifest, parsePackServerFile } from '../src/request-pack/request-pack-manifest.ts';

const PACK = join(import.meta.dirname, '..', 'request-pack');
const manifestPath = join(PACK, 'manifest.json');
const text = readFileSync(manifestPath, 'utf8');
const manifest = parsePackManifest(text);
const files = readdirSync(join(PACK, 'servers'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => `servers/${name}`);
const listed = new Set(manifest.servers.map((server) => server.file));
let problems = 0;
for (const file of files.filter((file) => !listed.has(file))) {
  console.error(`${file} is not in manifest.json: add an entry with its id, identities and sources`);
  problems += 1;
}
const servers = manifest.servers.flatMap((server) => {
  if (!files.includes(server.file)) {
    console.error(`manifest.json lists ${server.id} with ${server.file}, which does not exist`);
    problems += 1;
    return [server];
  }
  const file = parsePackServerFile(readFileSync(join(PACK, server.file), 'utf8'));
  const count = (lists: Readonly<Record<string, readonly string[]>>): number =>
    Object.values(lists).reduce((sum, requests) => sum + requests.length, 0);
  const { situational: _previous, ...rest } = server;
  return [
    {
      ...rest,
      tools: Object.keys(file.tools).length,
      requests: count(file.tools),
      ...(file.situational === undefined ? {} : { situational: count(file.situational) }),
    },
  ];
});
const updated = `${JSON.stringify({ ...manifest, servers }, null, 2)}\n`;
if (updated !== text) writeFileSync(manifestPath, updated);
const totals = servers.reduce(
  (sum, server) => ({
    tools: sum.tools + server.tools,
    requests: sum.requests + server.requests,
    situational: sum.situational + (server.situational ?? 0),
  }),
  { tools: 0, requests: 0, situational: 0 },
);
console.log(
  `${servers.length} servers, ${totals.tools} tools, ${totals.requests} requests, ${totals.situational} situational${updated === text ? '' : ' (manifest.json updated)'}`,
);
process.exitCode = problems > 0 ? 1 : 0;
