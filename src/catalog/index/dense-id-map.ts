import { growInt32Array } from '../text/grow-int32-array.ts';

/**
 * Maps ids of a large id space (the shared vocabulary's tokens or stems) to dense ids 0, 1, 2, ... in
 * order of first sight: an Int32Array indexed by the large id, -1 where unseen. An index build uses
 * one per kind of id, so it numbers its own tokens and stems without a map of strings.
 */
export class DenseIdMap {
  private denseIds: Int32Array;
  /** Dense ids given so far. */
  size = 0;

  constructor(expectedIdSpace: number) {
    this.denseIds = new Int32Array(Math.max(1024, expectedIdSpace)).fill(-1);
  }

  /** The dense id of `id`, giving it the next one when it is new (then it equals the size before). */
  add(id: number): number {
    if (id >= this.denseIds.length) this.denseIds = growInt32Array(this.denseIds, id + 1, -1);
    let dense = this.denseIds[id]!;
    if (dense < 0) dense = this.denseIds[id] = this.size++;
    return dense;
  }

  /** The dense id of `id`, or -1 when it was never added. */
  get(id: number): number {
    return id >= 0 && id < this.denseIds.length ? this.denseIds[id]! : -1;
  }
}
