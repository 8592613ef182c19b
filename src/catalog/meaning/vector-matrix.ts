/**
 * A fixed-size matrix of Float32 vectors (one tool's embedding per row) whose dot products with a query
 * are computed by a tiny WebAssembly SIMD kernel, with a plain JavaScript fallback of the same contract.
 *
 * Why: ranking 10,000 tools of 512 dimensions by plain JS dot products costs ~4-5 ms per query; the
 * kernel below is memory-bound and several times faster. The matrix lives inside the WebAssembly
 * memory, so a call copies only the query in and the scores out.
 *
 * The module is emitted from bytes written in this file (no npm package, no .wasm file to ship), and
 * compiled at most once per process, on first use.
 */

/** Rows of `dimensions` Float32 values each; rows and dimensions are fixed at creation. */
export interface VectorMatrix {
  readonly rows: number;
  readonly dimensions: number;
  /** Copies `vector` (length = dimensions) into row `row`. */
  setRow(row: number, vector: Float32Array): void;
  /** out[row] = dot(row, query) for every row; `out` has length >= rows. */
  dotAll(query: Float32Array, out: Float64Array): void;
}

/**
 * A matrix of `rows` zero vectors of `dimensions` values. Uses WebAssembly SIMD where the runtime
 * validates the kernel (Node >= 16.4, current browsers), else plain JavaScript.
 */
export function createVectorMatrix(rows: number, dimensions: number): VectorMatrix {
  checkCount('rows', rows);
  checkCount('dimensions', dimensions);
  const wasm = wasmKernel();
  return wasm === null ? createJsMatrix(rows, dimensions) : createWasmMatrix(wasm, rows, dimensions);
}

/** Which implementation `createVectorMatrix` uses in this process. */
export function vectorMatrixKind(): 'wasm-simd' | 'js' {
  return wasmKernel() === null ? 'js' : 'wasm-simd';
}

// ---------------------------------------------------------------------------------------------------
// Validation shared by both implementations; messages name the argument and the value received.

function checkCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`vector matrix ${name} must be a whole number >= 0, got ${value}`);
}

function checkVector(name: string, vector: Float32Array, dimensions: number): void {
  if (!(vector instanceof Float32Array)) throw new TypeError(`vector matrix ${name} must be a Float32Array, got ${describe(vector)}`);
  if (vector.length !== dimensions)
    throw new RangeError(`vector matrix ${name} must have ${dimensions} values (the matrix's dimensions), got ${vector.length}`);
}

function checkRow(row: number, rows: number): void {
  if (!Number.isInteger(row) || row < 0 || row >= rows)
    throw new RangeError(`vector matrix row must be a whole number in [0, ${rows}), got ${row}`);
}

function checkOut(out: Float64Array, rows: number): void {
  if (!(out instanceof Float64Array)) throw new TypeError(`vector matrix out must be a Float64Array, got ${describe(out)}`);
  if (out.length < rows) throw new RangeError(`vector matrix out must have at least ${rows} values (one per row), got ${out.length}`);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- an object made by Object.create(null) has no constructor
  if (typeof value === 'object') return (value as object).constructor?.name ?? 'object';
  return typeof value;
}

// ---------------------------------------------------------------------------------------------------
// Plain JavaScript fallback: one contiguous Float32Array, four accumulators (in double precision).

function createJsMatrix(rows: number, dimensions: number): VectorMatrix {
  const data = new Float32Array(rows * dimensions);
  return withChecks(
    rows,
    dimensions,
    (row, vector) => data.set(vector, row * dimensions),
    (query, out) => {
      const whole = dimensions - (dimensions % 4);
      for (let row = 0, base = 0; row < rows; row++, base += dimensions) {
        let s0 = 0,
          s1 = 0,
          s2 = 0,
          s3 = 0;
        let i = 0;
        for (; i < whole; i += 4) {
          s0 += data[base + i]! * query[i]!;
          s1 += data[base + i + 1]! * query[i + 1]!;
          s2 += data[base + i + 2]! * query[i + 2]!;
          s3 += data[base + i + 3]! * query[i + 3]!;
        }
        for (; i < dimensions; i++) s0 += data[base + i]! * query[i]!;
        out[row] = s0 + s1 + (s2 + s3);
      }
    },
  );
}

/** A VectorMatrix whose methods check their arguments, then call an implementation's unchecked ones. */
function withChecks(
  rows: number,
  dimensions: number,
  store: (row: number, vector: Float32Array) => void,
  dots: (query: Float32Array, out: Float64Array) => void,
): VectorMatrix {
  return {
    rows,
    dimensions,
    setRow(row, vector) {
      checkRow(row, rows);
      checkVector('vector', vector, dimensions);
      store(row, vector);
    },
    dotAll(query, out) {
      checkVector('query', query, dimensions);
      checkOut(out, rows);
      dots(query, out);
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// WebAssembly implementation.
//
// Memory layout of each matrix's own memory (every region starts on a 16-byte boundary; a row is
// padded with zeros to `stride` = dimensions rounded up to 4 floats, so the kernel needs no scalar
// tail and the padding adds 0 to every dot product):
//
//   [0, rowBytes)                     the query, padded like a row
//   [rowBytes, rowBytes + outBytes)   the scores, one f32 per row (outBytes = rows * 4 rounded to 16)
//   [matrixAt, matrixAt + rows * rowBytes)  the rows, contiguous
//
// The memory never grows after creation, so the typed-array views made once stay valid.

/** The subset of the WebAssembly JS API used here (the project's lib settings do not declare it). */
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number; maximum?: number }) => { readonly buffer: ArrayBuffer };
}

interface WasmKernel {
  readonly api: WasmApi;
  readonly module: object;
}

/** dotAll(matrix, query, out, rows, rowBytes): the kernel's signature, all i32 byte addresses/counts. */
type DotAllExport = (matrix: number, query: number, out: number, rows: number, rowBytes: number) => void;

const PAGE_BYTES = 65_536;
/** wasm32's address space: 65,536 pages of 64 KiB. */
const MAX_PAGES = 65_536;

let kernel: WasmKernel | null | undefined;

/** The compiled kernel, or null when WebAssembly or its SIMD is missing; computed once per process. */
function wasmKernel(): WasmKernel | null {
  if (kernel !== undefined) return kernel;
  kernel = null;
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (api === undefined || typeof api.validate !== 'function') return kernel;
  const bytes = kernelBytes();
  try {
    if (api.validate(bytes)) kernel = { api, module: new api.Module(bytes) };
  } catch {
    // A runtime that validates but refuses to compile (e.g. a CSP forbidding wasm) gets the JS path.
  }
  return kernel;
}

function createWasmMatrix({ api, module }: WasmKernel, rows: number, dimensions: number): VectorMatrix {
  const stride = Math.ceil(dimensions / 4) * 4;
  const rowBytes = stride * 4;
  const outAt = rowBytes;
  const matrixAt = outAt + Math.ceil(rows / 4) * 16;
  const totalBytes = matrixAt + rows * rowBytes;
  const pages = Math.max(1, Math.ceil(totalBytes / PAGE_BYTES));
  if (pages > MAX_PAGES) {
    throw new RangeError(`vector matrix of ${rows} rows x ${dimensions} dimensions needs ${totalBytes} bytes, over WebAssembly's 4 GiB`);
  }
  // `maximum` = `initial`: the memory is never grown, and a bounded memory reserves no extra address space.
  const memory = new api.Memory({ initial: pages, maximum: pages });
  const instance = new api.Instance(module, { env: { memory } });
  const kernelDotAll = instance.exports['dotAll'] as DotAllExport;
  const floats = new Float32Array(memory.buffer);
  const queryAt = 0;
  const scores = floats.subarray(outAt / 4, outAt / 4 + rows);

  return withChecks(
    rows,
    dimensions,
    (row, vector) => floats.set(vector, (matrixAt + row * rowBytes) / 4), // the padding floats stay 0 from creation
    (query, out) => {
      floats.set(query, queryAt / 4);
      // Addresses above 2^31 reach wasm as negative i32s with the same bits, which the kernel treats
      // as unsigned (memory addressing and its only comparisons are equality tests).
      kernelDotAll(matrixAt, queryAt, outAt, rows, rowBytes);
      out.set(scores); // widens each f32 score to f64
    },
  );
}

// ---------------------------------------------------------------------------------------------------
// The kernel's bytes. Binary format: https://webassembly.github.io/spec/core/binary/ and the SIMD
// proposal's opcode table (all SIMD instructions are 0xFD followed by a LEB128 sub-opcode).

const I32 = 0x7f;
const V128 = 0x7b;

const op = {
  block: 0x02,
  loop: 0x03,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  f32Store: 0x38,
  i32Const: 0x41,
  i32Eq: 0x46,
  i32Add: 0x6a,
  i32Mul: 0x6c,
  i32And: 0x71,
  f32Add: 0x92,
  /** Block type of a block or loop that takes and leaves nothing. */
  void: 0x40,
} as const;

/** SIMD instructions, prefix and LEB128 sub-opcode. */
const simd = {
  v128Load: [0xfd, 0x00],
  v128Const: [0xfd, 0x0c],
  f32x4ExtractLane: [0xfd, 0x1f],
  f32x4Add: [0xfd, 0xe4, 0x01],
  f32x4Mul: [0xfd, 0xe6, 0x01],
} as const;

/** Unsigned LEB128, the encoding of every count, index and memory offset. */
function uleb(value: number): number[] {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    out.push(byte);
  } while (value !== 0);
  return out;
}

/** Signed LEB128, the encoding of i32.const's operand (so 64 is 0xC0 0x00, while 0x40 alone is -64). */
function sleb(value: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    const signBitClear = (byte & 0x40) === 0;
    if ((value === 0 && signBitClear) || (value === -1 && !signBitClear)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

/** A name: its UTF-8 length then its bytes (ASCII only here). */
function name(text: string): number[] {
  return [...uleb(text.length), ...[...text].map((char) => char.charCodeAt(0))];
}

/** A section: its id, its byte length, its content. */
function section(id: number, content: readonly number[]): number[] {
  return [id, ...uleb(content.length), ...content];
}

/** A vector: its element count, then the elements' bytes. */
function vec(items: readonly (readonly number[])[]): number[] {
  return [...uleb(items.length), ...items.flat()];
}

// Locals of the kernel: the five parameters, then the declared locals, numbered in that order.
const MATRIX = 0; // i32 param: byte address of row 0; advanced through the rows as they are read
const QUERY = 1; // i32 param: byte address of the query
const OUT = 2; // i32 param: byte address of the first score; advanced one f32 per row
const ROWS = 3; // i32 param: row count
const ROW_BYTES = 4; // i32 param: bytes per row, a multiple of 16
const OUT_END = 5; // i32: OUT + 4 * ROWS, where the row loop stops
const ROW_END = 6; // i32: end of the current row
const BLOCKS_END = 7; // i32: end of the current row's 64-byte blocks, where the 4-accumulator loop stops
const Q = 8; // i32: the query address matching MATRIX within the current row
const ACC0 = 9; // v128 accumulators: four independent sums hide the latency of f32x4.add
const ACC1 = 10;
const ACC2 = 11;
const ACC3 = 12;

/** v128.load with alignment hint 2^4 = 16 bytes (every address is 16-byte aligned) and a byte offset. */
function load(local: number, offset: number): number[] {
  return [op.localGet, local, ...simd.v128Load, 4, ...uleb(offset)];
}

/** acc = acc + matrix[offset] * query[offset], 4 lanes at once. */
function multiplyAdd(acc: number, offset: number): number[] {
  return [op.localGet, acc, ...load(MATRIX, offset), ...load(Q, offset), ...simd.f32x4Mul, ...simd.f32x4Add, op.localSet, acc];
}

/** local += constant (i32). */
function advance(local: number, bytes: number): number[] {
  return [op.localGet, local, op.i32Const, ...sleb(bytes), op.i32Add, op.localSet, local];
}

/**
 * The kernel, as WAT-like pseudocode:
 *
 *   dotAll(matrix, query, out, rows, rowBytes):
 *     outEnd = out + rows * 4
 *     while out != outEnd:                       ; one row per turn (rows = 0: no turn)
 *       rowEnd = matrix + rowBytes
 *       blocksEnd = matrix + (rowBytes & ~63)
 *       q = query; acc0 = acc1 = acc2 = acc3 = 0
 *       while matrix != blocksEnd:               ; 16 floats per turn, four accumulators
 *         accK += load(matrix + 16K) * load(q + 16K)  for K = 0..3
 *         matrix += 64; q += 64
 *       while matrix != rowEnd:                  ; the last 0-3 groups of 4 floats
 *         acc0 += load(matrix) * load(q)
 *         matrix += 16; q += 16
 *       acc0 = (acc0 + acc1) + (acc2 + acc3)
 *       f32[out] = (lane0 + lane1) + (lane2 + lane3) of acc0
 *       out += 4
 *
 * `matrix` ends each row at the next row's start, since rows are contiguous.
 */
function kernelCode(): number[] {
  const zero = [...simd.v128Const, ...new Array<number>(16).fill(0)];
  const lane = (index: number): number[] => [op.localGet, ACC0, ...simd.f32x4ExtractLane, index];
  return [
    // outEnd = out + rows * 4
    op.localGet,
    OUT,
    op.localGet,
    ROWS,
    op.i32Const,
    ...sleb(4),
    op.i32Mul,
    op.i32Add,
    op.localSet,
    OUT_END,
    op.block,
    op.void, // label 1 inside the row loop: done
    op.loop,
    op.void, // label 0: next row
    op.localGet,
    OUT,
    op.localGet,
    OUT_END,
    op.i32Eq,
    op.brIf,
    1,
    // rowEnd = matrix + rowBytes; blocksEnd = matrix + (rowBytes & ~63), where ~63 = -64
    op.localGet,
    MATRIX,
    op.localGet,
    ROW_BYTES,
    op.i32Add,
    op.localSet,
    ROW_END,
    op.localGet,
    MATRIX,
    op.localGet,
    ROW_BYTES,
    op.i32Const,
    ...sleb(-64),
    op.i32And,
    op.i32Add,
    op.localSet,
    BLOCKS_END,
    op.localGet,
    QUERY,
    op.localSet,
    Q,
    ...zero,
    op.localTee,
    ACC0,
    op.localTee,
    ACC1,
    op.localTee,
    ACC2,
    op.localSet,
    ACC3,

    op.block,
    op.void,
    op.loop,
    op.void, // 64-byte blocks
    op.localGet,
    MATRIX,
    op.localGet,
    BLOCKS_END,
    op.i32Eq,
    op.brIf,
    1,
    ...multiplyAdd(ACC0, 0),
    ...multiplyAdd(ACC1, 16),
    ...multiplyAdd(ACC2, 32),
    ...multiplyAdd(ACC3, 48),
    ...advance(MATRIX, 64),
    ...advance(Q, 64),
    op.br,
    0,
    op.end,
    op.end,

    op.block,
    op.void,
    op.loop,
    op.void, // remaining 16-byte groups
    op.localGet,
    MATRIX,
    op.localGet,
    ROW_END,
    op.i32Eq,
    op.brIf,
    1,
    ...multiplyAdd(ACC0, 0),
    ...advance(MATRIX, 16),
    ...advance(Q, 16),
    op.br,
    0,
    op.end,
    op.end,

    // acc0 = (acc0 + acc1) + (acc2 + acc3)
    op.localGet,
    ACC0,
    op.localGet,
    ACC1,
    ...simd.f32x4Add,
    op.localGet,
    ACC2,
    op.localGet,
    ACC3,
    ...simd.f32x4Add,
    ...simd.f32x4Add,
    op.localSet,
    ACC0,
    // f32[out] = (lane0 + lane1) + (lane2 + lane3); f32.store with alignment 2^2 and offset 0
    op.localGet,
    OUT,
    ...lane(0),
    ...lane(1),
    op.f32Add,
    ...lane(2),
    ...lane(3),
    op.f32Add,
    op.f32Add,
    op.f32Store,
    2,
    0,
    ...advance(OUT, 4),
    op.br,
    0,
    op.end,
    op.end, // loop, block
    op.end, // function
  ];
}

/** The whole module: imports `env.memory`, exports `dotAll`. */
function kernelBytes(): Uint8Array {
  const body = [
    // Local declarations, as (count, type) runs: 4 i32 then 4 v128.
    ...vec([
      [4, I32],
      [4, V128],
    ]),
    ...kernelCode(),
  ];
  return new Uint8Array([
    0x00,
    0x61,
    0x73,
    0x6d, // magic "\0asm"
    0x01,
    0x00,
    0x00,
    0x00, // version 1
    // Type section (1): one type, func (i32 x 5) -> ()
    ...section(1, vec([[0x60, ...vec([[I32], [I32], [I32], [I32], [I32]]), ...vec([])]])),
    // Import section (2): env.memory, a memory (kind 2) with limits flag 0 = minimum only, minimum 0
    // pages, so it accepts the memory of any size each matrix makes.
    ...section(2, vec([[...name('env'), ...name('memory'), 0x02, 0x00, 0x00]])),
    // Function section (3): one function, of type 0
    ...section(3, vec([[0]])),
    // Export section (7): "dotAll" is function (kind 0) number 0
    ...section(7, vec([[...name('dotAll'), 0x00, 0]])),
    // Code section (10): one body, prefixed by its byte length
    ...section(10, vec([[...uleb(body.length), ...body]])),
  ]);
}
