/**
 * A `Date` that reads `shiftMs` behind `Real` (testClock.ts): `new Date()` and `Date.now()` read the
 * shifted time; `new Date(value)`, `Date.UTC` and `Date.parse` are as ever; every date is still a
 * `Date`. Plain JavaScript, so that a child process (a server, the operator's CLI) can load it with
 * `--import` before anything else (clockPreload.mjs) and keep the run's clock.
 *
 * @param {DateConstructor} Real
 * @param {number} shiftMs
 * @returns {DateConstructor}
 */
export function shiftedDate(Real, shiftMs) {
  const now = () => Real.now() - shiftMs;
  /** @param {unknown[]} args */
  function Shifted(...args) {
    if (!new.target) return new Real(now()).toString();
    return args.length === 0 ? new Real(now()) : Reflect.construct(Real, args);
  }
  Object.setPrototypeOf(Shifted, Real);
  Shifted.prototype = Real.prototype;
  Shifted.now = now;
  return /** @type {DateConstructor} */ (/** @type {unknown} */ (Shifted));
}

const INSTALLED = Symbol.for('faktura.testClockShiftMs');

/**
 * Sets this process's `Date` back by `shiftMs`, once per process (0: nothing). Vitest's fake timers
 * (`onDay`) put back this `Date` when they end.
 *
 * @param {number} shiftMs
 */
export function installClockShift(shiftMs) {
  const holder = /** @type {Record<symbol, unknown> & { Date: DateConstructor }} */ (/** @type {unknown} */ (globalThis));
  if (!(shiftMs > 0) || holder[INSTALLED] !== undefined) return;
  holder.Date = shiftedDate(holder.Date, shiftMs);
  holder[INSTALLED] = shiftMs;
}

/** The shift installed in this process, 0 when none. */
export function installedClockShift() {
  const value = /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis))[INSTALLED];
  return typeof value === 'number' ? value : 0;
}
