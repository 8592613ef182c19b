import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, it } from 'node:test';

// The search is a pipeline of stages, each a folder of src/catalog, and the orchestrators that run
// them (search-tools.ts, search-tools-by-meaning.ts) sit directly in src/catalog. A stage may import
// the stages before it, never one after it nor an orchestrator, and no files import each other, even
// by way of others: so each stage can be read, and tested, with only what comes before it.

/**
 * The stages in pipeline order: the one place this order is written. The files directly in
 * src/catalog (the orchestrators) come after every stage.
 */
const STAGES = ['text', 'index', 'query', 'rank', 'contract', 'meaning'] as const;

const CATALOG = resolve(import.meta.dirname, '..', '..', 'src', 'catalog');

/** A module's relative imports: static and dynamic, values and types, and re-exports. */
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every .ts file under `folder`, as a path relative to src/catalog with forward slashes. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(CATALOG, path).split(sep).join('/')] : [];
  });
}

/** File -> the files of src/catalog it imports (imports of other folders of src are left out). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(CATALOG)) {
    const source = readFileSync(join(CATALOG, file), 'utf8');
    const targets = [...source.matchAll(IMPORT)]
      .map((match) =>
        relative(CATALOG, resolve(CATALOG, dirname(file), match[1]!))
          .split(sep)
          .join('/'),
      )
      .filter((target) => !target.startsWith('..'));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** A file's place in the pipeline: its stage's position in STAGES, STAGES.length for an orchestrator, -1 for an unknown folder. */
function stageRank(file: string, stages: readonly string[]): number {
  const slash = file.indexOf('/');
  return slash < 0 ? stages.length : stages.indexOf(file.slice(0, slash));
}

/** Imports that run back up the pipeline: to a later stage, or to an orchestrator, as "from -> to". */
function backwardImports(graph: ReadonlyMap<string, readonly string[]>, stages: readonly string[]): string[] {
  return [...graph].flatMap(([file, targets]) =>
    stageRank(file, stages) === stages.length
      ? []
      : targets.filter((target) => stageRank(target, stages) > stageRank(file, stages)).map((target) => `${file} -> ${target}`),
  );
}

/** Every cycle found by a depth-first walk, each as its files in import order, the first repeated at the end. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): void => {
    const onPath = path.indexOf(file);
    if (onPath >= 0) {
      cycles.push([...path.slice(onPath), file]);
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    for (const target of graph.get(file) ?? []) visit(target);
    path.pop();
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) visit(file);
  return cycles;
}

describe('the import graph of src/catalog', () => {
  const graph = importGraph();

  it('puts every file in a stage folder or directly in src/catalog', () => {
    const misplaced = [...graph.keys()].filter((file) => stageRank(file, STAGES) < 0 || file.split('/').length > 2);
    assert.deepEqual(misplaced, []);
  });

  it('has no stage import a later stage or an orchestrator', () => {
    assert.deepEqual(backwardImports(graph, STAGES), []);
  });

  it('has no cycle: no two files import each other, directly or through others', () => {
    assert.deepEqual(
      findCycles(graph).map((cycle) => cycle.join(' -> ')),
      [],
    );
  });

  it('reads every stage, and an orchestrator that uses them', () => {
    for (const stage of STAGES)
      assert.ok(
        [...graph.keys()].some((file) => file.startsWith(`${stage}/`)),
        `no file in src/catalog/${stage}`,
      );
    assert.ok((graph.get('search-tools.ts') ?? []).some((target) => target.startsWith('rank/')));
  });
});

describe('the import graph checks', () => {
  it('find a cycle of two files and one through a third', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts']],
      ['c.ts', ['d.ts']],
      ['d.ts', ['e.ts']],
      ['e.ts', ['c.ts']],
    ]);
    assert.deepEqual(findCycles(graph), [
      ['a.ts', 'b.ts', 'a.ts'],
      ['c.ts', 'd.ts', 'e.ts', 'c.ts'],
    ]);
  });

  it('find an import of a later stage and of an orchestrator, not of an earlier stage', () => {
    const graph = new Map([
      ['text/a.ts', ['query/b.ts', 'search.ts']],
      ['query/b.ts', ['text/a.ts']],
      ['search.ts', ['query/b.ts']],
    ]);
    assert.deepEqual(backwardImports(graph, ['text', 'query']), ['text/a.ts -> query/b.ts', 'text/a.ts -> search.ts']);
  });
});
