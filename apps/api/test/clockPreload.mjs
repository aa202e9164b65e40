// `node --import …/clockPreload.mjs`: a child process of a test run near midnight in Zagreb takes the
// run's clock (FAKTURA_TEST_CLOCK_SHIFT_MS, set by childClockEnv in testClock.ts)
import { installClockShift } from './clockShift.mjs';

installClockShift(Number(process.env.FAKTURA_TEST_CLOCK_SHIFT_MS ?? 0));
