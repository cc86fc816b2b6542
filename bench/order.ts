/**
 * The order in which a suite's variants take a block of files (bench/measure.ts). Kept apart from the measuring
 * process's module so that a unit test can read it without starting a measurement.
 */

/**
 * Which variant takes the `step`th turn over a block: the order starts at `start` and goes round the list, forwards
 * or backwards. Gone round one way only, each variant nearly always follows the same one and inherits what that one
 * leaves behind (its garbage, the state of the caches); every other round goes round the other way, so that each
 * variant follows each of its neighbours as often.
 */
export function turnOf(step: number, start: number, backwards: boolean, count: number): number {
  const offset = backwards ? -step : step;
  return (((start + offset) % count) + count) % count;
}
