/**
 * `array` copied into a larger one of at least `minimumLength` (and at least twice its length, so
 * that growing one step at a time stays linear overall), the new slots set to `fill`.
 */
export function growInt32Array(array: Int32Array, minimumLength: number, fill = 0): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(Math.max(array.length * 2, minimumLength));
  if (fill !== 0) grown.fill(fill, array.length);
  grown.set(array);
  return grown;
}
