/** One step of a field's path: an object's key or an array's index. */
export type PathStep = { readonly key: string } | { readonly index: number };

/** A value the approval prompt shows on a line of its own: what is at `path` in the arguments. */
export interface ApprovalField {
  readonly path: readonly PathStep[];
  /**
   * A string, number, boolean or null; an empty object or array; or, for what cannot be walked
   * further, a {@link NotWalked} marker.
   */
  readonly value: unknown;
}

/** Stands for a value the walk did not enter, saying why. */
export class NotWalked {
  constructor(readonly reason: 'too deep' | 'seen before') {}
}

export interface ApprovalFields {
  /** At most `maxShown` fields, the shallowest first chosen, listed in the arguments' own order. */
  readonly shown: readonly ApprovalField[];
  /** How many fields were not chosen. */
  readonly leftOut: number;
  /** The top-level keys the fields left out are under, with how many each, in the arguments' order. */
  readonly leftOutUnder: ReadonlyArray<{ readonly key: string; readonly count: number }>;
}

/** Deeper than this, a value is shown as not walked (arguments are bounded at 128 levels before this). */
export const WALK_DEPTH_MAX = 128;

interface Node {
  readonly value: unknown;
  readonly parent: Node | undefined;
  readonly step: PathStep;
  /** Its place among its parent's children, for the arguments' own order. */
  readonly position: number;
  readonly depth: number;
  /** The top-level key it is under. */
  readonly top: string;
}

/**
 * The fields of a call's arguments, each nested value at its own path (`options.path`), so that no field
 * can hide inside another's value. Chosen breadth first, so that a huge value cannot push a later
 * top-level key out of the `maxShown`; the rest are counted by the top-level key they are under. Walks
 * each value once (linear in the arguments' size); a value met twice or nested beyond WALK_DEPTH_MAX
 * is a field of its own, not walked. Pure.
 */
export function approvalFields(args: Readonly<Record<string, unknown>>, maxShown: number): ApprovalFields {
  const chosen: Array<{ node: Node; value: unknown }> = [];
  const leftOutUnder = new Map<string, number>();
  let leftOut = 0;
  const seen = new WeakSet<object>();
  const queue: Node[] = Object.keys(args).map((key, position) => ({
    value: args[key],
    parent: undefined,
    step: { key },
    position,
    depth: 1,
    top: key,
  }));
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    const read = readNode(node, seen);
    if (read.kind === 'walk') {
      read.entries.forEach(([step, value], position) =>
        queue.push({ value, parent: node, step, position, depth: node.depth + 1, top: node.top }),
      );
    } else if (chosen.length < maxShown) {
      chosen.push({ node, value: read.value });
    } else {
      leftOut += 1;
      leftOutUnder.set(node.top, (leftOutUnder.get(node.top) ?? 0) + 1);
    }
  }
  const shown = chosen
    .map((field) => ({ ...field, order: orderOf(field.node) }))
    .sort((left, right) => compareOrders(left.order, right.order));
  return {
    shown: shown.map(({ node, value }) => ({ path: pathOf(node), value })),
    leftOut,
    leftOutUnder: [...leftOutUnder].map(([key, count]) => ({ key, count })),
  };
}

type ReadNode =
  { readonly kind: 'walk'; readonly entries: Array<[PathStep, unknown]> } | { readonly kind: 'field'; readonly value: unknown };

/** A non-empty object or array is walked; anything else is a field, shown as it is or as NotWalked. */
function readNode(node: Node, seen: WeakSet<object>): ReadNode {
  const { value } = node;
  if (typeof value !== 'object' || value === null) return { kind: 'field', value };
  const entries: Array<[PathStep, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [{ index }, item])
    : Object.keys(value).map((key) => [{ key }, (value as Record<string, unknown>)[key]]);
  if (entries.length === 0) return { kind: 'field', value };
  if (node.depth > WALK_DEPTH_MAX) return { kind: 'field', value: new NotWalked('too deep') };
  if (seen.has(value)) return { kind: 'field', value: new NotWalked('seen before') };
  seen.add(value);
  return { kind: 'walk', entries };
}

function pathOf(node: Node): PathStep[] {
  const steps: PathStep[] = [];
  for (let at: Node | undefined = node; at !== undefined; at = at.parent) steps.push(at.step);
  return steps.reverse();
}

function orderOf(node: Node): number[] {
  const order: number[] = [];
  for (let at: Node | undefined = node; at !== undefined; at = at.parent) order.push(at.position);
  return order.reverse();
}

function compareOrders(left: readonly number[], right: readonly number[]): number {
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    if (left[index] !== right[index]) return left[index]! - right[index]!;
  }
  return left.length - right.length;
}
