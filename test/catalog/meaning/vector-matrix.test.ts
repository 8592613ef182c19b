import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as wasmBuild from '../../../src/catalog/meaning/vector-matrix.ts';

type Build = typeof wasmBuild;

// Each module instance picks its implementation once, on first use. Settle both before any test runs
// (the runner interleaves suites): this one first, then a second instance loaded and first used while
// WebAssembly.validate refuses everything, as on a runtime without SIMD.
const wasmKind = wasmBuild.vectorMatrixKind();
const jsBuild = await loadFallbackBuild();

async function loadFallbackBuild(): Promise<Build> {
  const api = (globalThis as unknown as { WebAssembly: { validate: (bytes: Uint8Array) => boolean } }).WebAssembly;
  const validate = api.validate;
  api.validate = () => false;
  try {
    // The query string makes the loader evaluate the file again, as a separate module instance.
    const url = new URL('../../../src/catalog/meaning/vector-matrix.ts?fallback', import.meta.url).href;
    const build = (await import(url)) as Build;
    build.vectorMatrixKind();
    return build;
  } finally {
    api.validate = validate;
  }
}

/** A seeded generator of numbers in [0, 1), so that a failure replays. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

function randomVector(dimensions: number, next: () => number): Float32Array {
  return Float32Array.from({ length: dimensions }, () => next() * 2 - 1);
}

/** The reference: a dot product in double precision. */
function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** |actual - expected| within 1e-4 of the magnitude of the terms (so near-zero sums do not fail on rounding). */
function assertClose(actual: number, expected: number, scale: number, message: string): void {
  assert.ok(Math.abs(actual - expected) <= 1e-4 * Math.max(scale, 1e-30), `${message}: ${actual} vs ${expected}`);
}

/** Fills a rows x dimensions matrix at random and checks dotAll against `dot` for a few queries. */
function checkShape(build: Build, rows: number, dimensions: number, seed: number): void {
  const next = rng(seed);
  const matrix = build.createVectorMatrix(rows, dimensions);
  assert.equal(matrix.rows, rows);
  assert.equal(matrix.dimensions, dimensions);
  const vectors = Array.from({ length: rows }, () => randomVector(dimensions, next));
  vectors.forEach((vector, row) => matrix.setRow(row, vector));
  for (let turn = 0; turn < 3; turn++) {
    const query = randomVector(dimensions, next);
    const out = new Float64Array(rows + 2).fill(-7); // longer than needed: the extra values stay
    matrix.dotAll(query, out);
    vectors.forEach((vector, row) => {
      // Sum of |terms| bounds the rounding error of any summation order.
      let scale = 0;
      for (let i = 0; i < dimensions; i++) scale += Math.abs(vector[i]! * query[i]!);
      assertClose(out[row]!, dot(vector, query), scale, `${rows}x${dimensions} row ${row}`);
    });
    assert.deepEqual([...out.subarray(rows)], [-7, -7], 'dotAll writes only the first `rows` values');
  }
}

/** The contract, run against one build of the module. */
function contract(build: Build): void {
  it('matches a double-precision dot product for many shapes', () => {
    const shapes: [number, number][] = [
      [0, 0],
      [0, 8],
      [3, 0],
      [1, 1],
      [1, 3],
      [1, 512],
      [2, 4],
      [5, 5],
      [7, 15],
      [4, 16],
      [9, 17],
      [3, 63],
      [3, 64],
      [3, 65],
      [11, 129],
      [6, 384],
      [4, 767],
      [1000, 512],
    ];
    shapes.forEach(([rows, dimensions], index) => checkShape(build, rows, dimensions, 1000 + index));
  });

  it('matches for random shapes (seeded)', () => {
    const next = rng(7);
    for (let trial = 0; trial < 40; trial++) {
      checkShape(build, Math.floor(next() * 40), Math.floor(next() * 200), trial);
    }
  });

  it('gives 0 for rows never set, and sees setRow made after a dotAll', () => {
    const matrix = build.createVectorMatrix(3, 6);
    const query = Float32Array.from([1, 2, 3, 4, 5, 6]);
    const out = new Float64Array(3);
    matrix.dotAll(query, out);
    assert.deepEqual([...out], [0, 0, 0]);
    matrix.setRow(1, Float32Array.from([1, 1, 1, 1, 1, 1]));
    matrix.dotAll(query, out);
    assert.deepEqual([...out], [0, 21, 0]);
    matrix.setRow(1, Float32Array.from([0, 0, 0, 0, 0, 2]));
    matrix.setRow(2, Float32Array.from([1, 0, 0, 0, 0, 0]));
    matrix.dotAll(query, out);
    assert.deepEqual([...out], [0, 12, 1], 'a row set again replaces the old values, padding included');
  });

  it('keeps each matrix separate', () => {
    const a = build.createVectorMatrix(1, 4);
    const b = build.createVectorMatrix(1, 4);
    a.setRow(0, Float32Array.from([1, 2, 3, 4]));
    b.setRow(0, Float32Array.from([4, 3, 2, 1]));
    const query = Float32Array.from([1, 0, 0, 0]);
    const out = new Float64Array(1);
    a.dotAll(query, out);
    assert.equal(out[0], 1);
    b.dotAll(query, out);
    assert.equal(out[0], 4);
  });

  it('rejects bad sizes, rows and vectors with clear errors', () => {
    const { createVectorMatrix } = build;
    assert.throws(() => createVectorMatrix(-1, 4), {
      name: 'RangeError',
      message: 'vector matrix rows must be a whole number >= 0, got -1',
    });
    assert.throws(() => createVectorMatrix(1.5, 4), {
      name: 'RangeError',
      message: 'vector matrix rows must be a whole number >= 0, got 1.5',
    });
    assert.throws(() => createVectorMatrix(2, Number.NaN), {
      name: 'RangeError',
      message: 'vector matrix dimensions must be a whole number >= 0, got NaN',
    });
    const matrix = createVectorMatrix(2, 3);
    const good = new Float32Array(3);
    assert.throws(() => matrix.setRow(2, good), {
      name: 'RangeError',
      message: 'vector matrix row must be a whole number in [0, 2), got 2',
    });
    assert.throws(() => matrix.setRow(-1, good), {
      name: 'RangeError',
      message: 'vector matrix row must be a whole number in [0, 2), got -1',
    });
    assert.throws(() => matrix.setRow(0.5, good), {
      name: 'RangeError',
      message: 'vector matrix row must be a whole number in [0, 2), got 0.5',
    });
    assert.throws(() => matrix.setRow(0, new Float32Array(4)), {
      name: 'RangeError',
      message: "vector matrix vector must have 3 values (the matrix's dimensions), got 4",
    });
    assert.throws(() => matrix.setRow(0, [1, 2, 3] as unknown as Float32Array), {
      name: 'TypeError',
      message: 'vector matrix vector must be a Float32Array, got Array',
    });
    assert.throws(() => matrix.dotAll(new Float32Array(2), new Float64Array(2)), {
      name: 'RangeError',
      message: "vector matrix query must have 3 values (the matrix's dimensions), got 2",
    });
    assert.throws(() => matrix.dotAll(good, new Float64Array(1)), {
      name: 'RangeError',
      message: 'vector matrix out must have at least 2 values (one per row), got 1',
    });
    assert.throws(() => matrix.dotAll(good, new Float32Array(2) as unknown as Float64Array), {
      name: 'TypeError',
      message: 'vector matrix out must be a Float64Array, got Float32Array',
    });
    assert.throws(() => createVectorMatrix(0, 3).setRow(0, good), {
      name: 'RangeError',
      message: 'vector matrix row must be a whole number in [0, 0), got 0',
    });
  });
}

describe('createVectorMatrix (WebAssembly SIMD)', () => {
  it('uses WebAssembly SIMD on this runtime', () => {
    assert.equal(wasmKind, 'wasm-simd');
    assert.equal(wasmBuild.vectorMatrixKind(), 'wasm-simd');
  });
  contract(wasmBuild);

  it('refuses a matrix beyond the 4 GiB of wasm32 memory', () => {
    assert.throws(() => wasmBuild.createVectorMatrix(3_000_000, 512), {
      name: 'RangeError',
      message: "vector matrix of 3000000 rows x 512 dimensions needs 6156002048 bytes, over WebAssembly's 4 GiB",
    });
  });
});

describe('createVectorMatrix (JavaScript fallback)', () => {
  it('stays on the fallback once chosen', () => {
    assert.equal(jsBuild.vectorMatrixKind(), 'js');
  });
  contract(jsBuild);
});
