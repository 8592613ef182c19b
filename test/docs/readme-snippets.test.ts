import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { readCapturedServers } from '../../bench/search/datasets/read-captured-servers.ts';
import { resolveGatewayConfig } from '../../src/gateway/gateway-config.ts';
import { createToolPolicy } from '../../src/gateway/tool-policy.ts';
import type { Tool } from '../../src/tools/tool.ts';

// Every ```ts block of the README and of the docs a newcomer copies from is type-checked against the
// built package, as a user's file would be: `import ... from 'tool-search/...'` resolves through the
// package's own exports (dist/*.d.ts). A snippet that names a field an event does not always carry, a
// function an entry point does not export or a missing import fails here, not in a user's editor.
//
// Snippets are fragments: what they take from the reader's program (a client, the messages, their own
// registry) is declared once as `any` in a shared globals file, so only the package's own types are
// checked. Each snippet is a module of its own.

const ROOT = resolve(import.meta.dirname, '..', '..');
const DOCUMENTS = ['README.md', 'docs/integrations.md', 'docs/native-mode.md'];

/** What the snippets take from the reader's own program. */
const READER_GLOBALS = [
  'registry',
  'userConfig',
  'askUser',
  'toolCall',
  'tools',
  'memory',
  'github',
  'notifyClient',
  'myTools',
  'source',
  'blockDeletes',
  'askInTerminal',
  'redactSecrets',
  'model',
  'prompt',
  'client',
  'messages',
  'signal',
  'session',
  'approve',
  'githubClient',
  'memoryClient',
  'notifyMyClients',
];

interface Snippet {
  readonly document: string;
  readonly line: number;
  readonly code: string;
}

function snippetsOf(document: string, language = 'ts'): Snippet[] {
  const text = readFileSync(join(ROOT, document), 'utf8');
  return [...text.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((match) => ({
    document,
    line: text.slice(0, match.index).split('\n').length,
    code: match[1]!,
  }));
}

function typeCheck(folder: string): Promise<{ code: number | null; output: string }> {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  return new Promise((resolvePromise) => {
    execFile(
      process.execPath,
      [tsc, '-p', join(folder, 'tsconfig.json')],
      { cwd: ROOT, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolvePromise({ code, output: stdout + stderr });
      },
    );
  });
}

describe('the code snippets of the README and docs', () => {
  // Inside the project, so `tool-search` resolves to this package; ignored by git (.gitignore).
  const folder = mkdtempSync(join(ROOT, '.snippets-'));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('type-check against the built package, each as a user module', async () => {
    const snippets = DOCUMENTS.flatMap((document) => snippetsOf(document));
    assert.ok(snippets.length >= 12, `expected at least 12 snippets, found ${snippets.length}`);
    const files = snippets.map((snippet, index) => {
      const file = `snippet-${index}.ts`;
      writeFileSync(join(folder, file), `// ${snippet.document}:${snippet.line}\n${snippet.code}\nexport {};\n`);
      return file;
    });
    writeFileSync(join(folder, 'reader-globals.d.ts'), READER_GLOBALS.map((name) => `declare var ${name}: any;`).join('\n') + '\n');
    const compilerOptions = {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2023'],
      types: ['node'],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
    };
    writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['reader-globals.d.ts', ...files] }));

    const { code, output } = await typeCheck(folder);
    // Name each failure by the document line its snippet starts on.
    const located = output.replace(/\S*snippet-(\d+)\.ts\((\d+),/g, (_all, index: string, line: string) => {
      const snippet = snippets[Number(index)]!;
      return `${snippet.document}:${snippet.line + Number(line) - 1} (`;
    });
    assert.equal(code, 0, located);
  });
});

describe('the gateway config examples of the README and docs/gateway.md', () => {
  // Each example's servers, for those started from an npm package whose real tool list the repository
  // holds (bench/data/mcp-schemas): a pin or policy pattern that matches none of them would do nothing
  // for a user who copies the example, but warn.
  const captured = readCapturedServers(join(ROOT, 'bench', 'data', 'mcp-schemas', 'servers.json.gz'));
  const toolsOf = (name: string, args: readonly string[]): Tool[] => {
    const found = [...captured.values()].find((server) => args.some((arg) => server.source.startsWith(`npm ${arg}@`)));
    return (found?.tools ?? []).map((tool) => ({
      name: `mcp_${name}_${tool.name}`,
      originalName: tool.name,
      description: tool.description ?? '',
      parameters: tool.inputSchema ?? {},
      toolset: `mcp-${name}`,
      kind: 'mcp' as const,
    }));
  };

  it('resolve without a warning, and their pin and policy patterns match tools of the servers they name', () => {
    const examples = ['README.md', 'docs/gateway.md']
      .flatMap((document) => snippetsOf(document, 'yaml'))
      .filter((snippet) => snippet.code.includes('mcp_servers'));
    assert.ok(examples.length >= 2, `expected the gateway examples, found ${examples.length}`);
    const env = { GITHUB_TOKEN: 'x', REMOTE_TOKEN: 'x', EXAMPLE_TOKEN: 'x', TOOL_SEARCH_HTTP_TOKEN: 'x' };
    for (const example of examples) {
      const where = `${example.document}:${example.line}`;
      const { config, warnings } = resolveGatewayConfig(parseYaml(example.code), { configDir: ROOT, tempDir: () => ROOT, env });
      assert.deepEqual(
        warnings.map((warning) => warning.message),
        [],
        where,
      );
      const tools = config.servers.flatMap((server) => ('args' in server ? toolsOf(server.name, server.args) : []));
      assert.ok(tools.length > 0, `${where}: no server of the example has a known tool list`);
      assert.deepEqual(createToolPolicy(config).unmatched(tools), [], where);
    }
  });
});
