/**
 * Freezes a value and everything in it, for data that is shared once made (a price list, the
 * pricing of a layout): changing it afterwards throws instead of silently changing every sharer.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
