/**
 * Memoizes a pure function of a string across calls and index builds. The key is the text itself (the
 * content), never a catalog or a session, so a result can never be stale. The memo is emptied whole when
 * it reaches `capacity` entries: memory stays bounded whatever text passes through, and a vocabulary in
 * steady use is back in it after one build.
 */
export function memoizeByText<Value>(compute: (text: string) => Value, capacity: number): (text: string) => Value {
  const memo = new Map<string, Value>();
  return (text) => {
    let value = memo.get(text);
    if (value === undefined) {
      if (memo.size >= capacity) memo.clear();
      value = compute(text);
      memo.set(text, value);
    }
    return value;
  };
}
