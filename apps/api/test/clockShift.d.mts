export function shiftedDate(Real: DateConstructor, shiftMs: number): DateConstructor;
export function installClockShift(shiftMs: number): void;
export function installedClockShift(): number;
