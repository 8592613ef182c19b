/** What a {@link ContentKeyedStore} keeps: an entry keyed by a sequence of content ids and an options key. */
export interface ContentKeyed {
  readonly contentIds: Int32Array;
  readonly optionsKey: string;
}

/**
 * Entries kept by content key (content ids in order, and options), least recently used evicted first
 * when more than `maximumEntries` are kept or their content ids number more than `maximumIds`. Lookups
 * hash the key and compare it whole, so two keys never share an entry.
 */
export class ContentKeyedStore<Entry extends ContentKeyed> {
  /** Hash of the key -> entries with that hash; Map order is recency (last = most recently used). */
  private readonly buckets = new Map<number, Entry[]>();
  private entryCount = 0;
  private idCount = 0;

  constructor(
    private readonly maximumEntries: number,
    private readonly maximumIds: number,
  ) {}

  /** The entry of this key, now the most recently used; undefined when none is kept. */
  find(contentIds: Int32Array, optionsKey: string): Entry | undefined {
    const hash = hashKey(contentIds, optionsKey);
    const bucket = this.buckets.get(hash);
    const found = bucket?.find((entry) => entry.optionsKey === optionsKey && equalIds(entry.contentIds, contentIds));
    if (found !== undefined) this.touch(hash, bucket!);
    return found;
  }

  /**
   * The most recently used entry that `matches`, now the most recently used; undefined when none does.
   * `matches` sees the entries most recent first, and none after the one it accepts.
   */
  findMostRecent(matches: (entry: Entry) => boolean): Entry | undefined {
    const hashes = [...this.buckets.keys()];
    for (let position = hashes.length - 1; position >= 0; position--) {
      const bucket = this.buckets.get(hashes[position]!)!;
      for (let index = bucket.length - 1; index >= 0; index--) {
        if (!matches(bucket[index]!)) continue;
        this.touch(hashes[position]!, bucket);
        return bucket[index]!;
      }
    }
    return undefined;
  }

  /**
   * Keeps `entry` (whose key no kept entry has) as the most recently used, then evicts down to the
   * limits; an entry with more ids than the limit allows is not kept.
   */
  add(entry: Entry): void {
    if (entry.contentIds.length > this.maximumIds || this.maximumEntries <= 0) return;
    const hash = hashKey(entry.contentIds, entry.optionsKey);
    const bucket = this.buckets.get(hash);
    if (bucket === undefined) this.buckets.set(hash, [entry]);
    else {
      bucket.push(entry);
      this.touch(hash, bucket);
    }
    this.entryCount++;
    this.idCount += entry.contentIds.length;
    while (this.entryCount > this.maximumEntries || this.idCount > this.maximumIds) {
      const [oldestHash, oldest] = this.buckets.entries().next().value as [number, Entry[]];
      const dropped = oldest.shift()!;
      if (oldest.length === 0) this.buckets.delete(oldestHash);
      this.entryCount--;
      this.idCount -= dropped.contentIds.length;
    }
  }

  /** Entries kept now. */
  get size(): number {
    return this.entryCount;
  }

  /** Content ids across the kept entries now. */
  get keptIds(): number {
    return this.idCount;
  }

  /** Moves a bucket to the end of the Map's order: most recently used. */
  private touch(hash: number, bucket: Entry[]): void {
    this.buckets.delete(hash);
    this.buckets.set(hash, bucket);
  }
}

/** 32-bit FNV-1a over the ids and the options key. */
function hashKey(ids: Int32Array, optionsKey: string): number {
  let hash = 0x811c9dc5;
  for (let position = 0; position < ids.length; position++) hash = Math.imul(hash ^ ids[position]!, 0x01000193);
  for (let position = 0; position < optionsKey.length; position++) hash = Math.imul(hash ^ optionsKey.charCodeAt(position), 0x01000193);
  return hash >>> 0;
}

function equalIds(left: Int32Array, right: Int32Array): boolean {
  if (left.length !== right.length) return false;
  for (let position = 0; position < left.length; position++) if (left[position] !== right[position]) return false;
  return true;
}
