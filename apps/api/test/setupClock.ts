import { inject } from 'vitest';
import { installClockShift } from './testClock';

// near midnight in Zagreb, the clock set back for the whole run (testClock.ts, globalSetup.ts)
installClockShift(inject('clockShiftMs'));
