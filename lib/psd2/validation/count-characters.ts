/**
 * The number of characters of a string, counted as Unicode code points, not UTF-16 units.
 *
 * The spec's limits speak of characters; a character outside the Basic Multilingual Plane is one
 * character (two UTF-16 units). Such characters are rejected in requests anyway (see
 * find-unprocessable-characters.ts), so the two counts differ only in responses. A lone surrogate
 * counts as one.
 *
 * @see docs/interface/limits.md#limits-in-the-spec
 */
export function countCharacters(value: string): number {
  let count = value.length;
  for (let i = 0; i < value.length - 1; i++) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}
