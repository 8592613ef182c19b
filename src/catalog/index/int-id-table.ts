/**
 * A fixed map from non-negative integer ids to dense ids 0..n-1, made once from the list of ids in
 * dense order: open addressing over two typed arrays, about twice as many slots as ids. It is how a
 * small index (a catalog part) looks up the shared vocabulary's ids, many times per search, without a
 * Map (slower per lookup) or an array as large as the whole vocabulary (too large per part).
 */
export class IntIdTable {
  private readonly keys: Int32Array;
  private readonly values: Int32Array;
  private readonly mask: number;
  private readonly shift: number;

  /** `ids[dense]` is the id that `dense` stands for; ids must be distinct and non-negative. */
  constructor(ids: readonly number[]) {
    let bits = 4;
    while (1 << bits < ids.length * 2) bits++;
    this.keys = new Int32Array(1 << bits).fill(-1);
    this.values = new Int32Array(1 << bits);
    this.mask = (1 << bits) - 1;
    this.shift = 32 - bits;
    for (let dense = 0; dense < ids.length; dense++) {
      let slot = this.slotOf(ids[dense]!);
      while (this.keys[slot] !== -1) slot = (slot + 1) & this.mask;
      this.keys[slot] = ids[dense]!;
      this.values[slot] = dense;
    }
  }

  /** The dense id of `id`, or -1 when it is not in the table (any negative `id` included). */
  get(id: number): number {
    if (id < 0) return -1;
    for (let slot = this.slotOf(id); ; slot = (slot + 1) & this.mask) {
      const key = this.keys[slot]!;
      if (key === id) return this.values[slot]!;
      if (key === -1) return -1;
    }
  }

  /** Fibonacci hashing: the high bits of the product mix every bit of the id. */
  private slotOf(id: number): number {
    return Math.imul(id, 0x9e3779b1) >>> this.shift;
  }
}
