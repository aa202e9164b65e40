/**
 * The API tests' clock near midnight in Zagreb. The server dates what it issues by the day in Zagreb
 * at each request (decision 026) and the tests read "today" when their files load, so a run that
 * crossed midnight there (23:00 UTC in winter, 22:00 in summer) failed some 80 tests that had nothing
 * wrong: the day of a fixture was yesterday for the server. A run that begins less than
 * `WINDOW_MS` before midnight therefore runs on a clock set back so that it reads `LEAD_MS` before
 * midnight when the run begins, and goes on at the real pace: every test and the server it starts
 * in-process see one day. At any other hour the clock is the real one, untouched.
 *
 * A Node process a test starts (a server, the operator's CLI) takes the same clock when it is given
 * `childClockEnv()`; other programs (openssl, xmlsec1, pg_dump) keep the real one.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { installedClockShift } from './clockShift.mjs';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** How long before midnight a run must begin for its clock to be set back. */
export const WINDOW_MS = 90 * 60_000;
/** Where the set-back clock stands when the run begins: three hours before midnight. */
export const LEAD_MS = 3 * HOUR;

/** The milliseconds by which a run beginning at `now` sets its clock back (0: the real clock). */
export function clockShiftFor(now: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Zagreb',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const sinceMidnight = ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + now.getUTCMilliseconds();
  const toMidnight = DAY - sinceMidnight;
  return toMidnight < WINDOW_MS ? LEAD_MS - toMidnight : 0;
}

export { installClockShift, shiftedDate } from './clockShift.mjs';

/**
 * What a child process (a server, the operator's CLI) needs in its environment to keep this run's
 * clock: nothing at other hours.
 */
export function childClockEnv(): Record<string, string> {
  const shift = installedClockShift();
  if (shift === 0) return {};
  return {
    NODE_OPTIONS: `--import=${pathToFileURL(path.join(__dirname, 'clockPreload.mjs')).href}`,
    FAKTURA_TEST_CLOCK_SHIFT_MS: String(shift),
  };
}
