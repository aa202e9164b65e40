// Self-contained (dates.ts builds the contract rules on these), so the two modules do not import each other.
const parseIsoDate = (iso: string) => new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))));
const toIsoDate = (date: Date) => date.toISOString().slice(0, 10);
function addDays(iso: string, days: number): string {
  const date = parseIsoDate(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return toIsoDate(date);
}

/**
 * Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"),
 * as `yyyy-MM-dd`.
 */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Fixed-date public holidays of the Holidays Act (Zakon o blagdanima, NN 110/19), as `MM-dd`. */
const FIXED = ['01-01', '01-06', '05-01', '05-30', '06-22', '08-05', '08-15', '11-01', '11-18', '12-25', '12-26'];

/**
 * Croatian public holidays of a year (Zakon o blagdanima, spomendanima i neradnim danima u RH,
 * NN 110/19): the fixed ones, Easter Sunday and Monday, and Corpus Christi (Easter + 60 days).
 * Sorted, without repeats (Corpus Christi fell on Statehood Day, 30 May, in 2024).
 */
export function croatianHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const all = new Set([...FIXED.map((day) => `${year}-${day}`), easter, addDays(easter, 1), addDays(easter, 60)]);
  return [...all].sort();
}

/** The public holidays by name (a key the texts name: `app.calendar.holidays.<key>`). */
export type CroatianHoliday =
  | 'newYear' | 'epiphany' | 'easter' | 'easterMonday' | 'labourDay' | 'statehood' | 'corpusChristi'
  | 'antiFascist' | 'victory' | 'assumption' | 'allSaints' | 'remembrance' | 'christmas' | 'stStephen';
const FIXED_NAMES: Record<string, CroatianHoliday> = {
  '01-01': 'newYear', '01-06': 'epiphany', '05-01': 'labourDay', '05-30': 'statehood', '06-22': 'antiFascist', '08-05': 'victory',
  '08-15': 'assumption', '11-01': 'allSaints', '11-18': 'remembrance', '12-25': 'christmas', '12-26': 'stStephen',
};

/** The public holidays on a day (`yyyy-MM-dd`), by name: none, one, or two (Corpus Christi on Statehood Day, 2024). */
export function croatianHolidaysOn(iso: string): CroatianHoliday[] {
  const fixed = FIXED_NAMES[iso.slice(5)];
  const easter = easterSunday(Number(iso.slice(0, 4)));
  const moving: [string, CroatianHoliday][] = [[easter, 'easter'], [addDays(easter, 1), 'easterMonday'], [addDays(easter, 60), 'corpusChristi']];
  return [...(fixed ? [fixed] : []), ...moving.filter(([day]) => day === iso).map(([, name]) => name)];
}

const cache = new Map<number, ReadonlySet<string>>();
function holidaySet(year: number): ReadonlySet<string> {
  let set = cache.get(year);
  if (!set) {
    set = new Set(croatianHolidays(year));
    cache.set(year, set);
  }
  return set;
}

export function isCroatianHoliday(iso: string): boolean {
  return holidaySet(Number(iso.slice(0, 4))).has(iso);
}

/** A working day in Croatia: Monday to Friday and not a public holiday. */
export function isWorkingDay(iso: string): boolean {
  const weekday = parseIsoDate(iso).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isCroatianHoliday(iso);
}

/** The first working day of the month `iso` lies in. */
export function firstWorkingDayOfMonth(iso: string): string {
  let day = `${iso.slice(0, 7)}-01`;
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
}

/** The last working day of the month before the one `iso` lies in. */
export function lastWorkingDayOfPreviousMonth(iso: string): string {
  const first = parseIsoDate(iso);
  first.setUTCDate(0); // day 0 = last day of the previous month
  let day = toIsoDate(first);
  while (!isWorkingDay(day)) day = addDays(day, -1);
  return day;
}

/**
 * The day `count` working days (weekends and Croatian holidays skipped) after `iso`: the fiscalization
 * deadlines count so (ZoF čl. 48, 49: five working days).
 */
export function addWorkingDays(iso: string, count: number): string {
  let day = iso;
  let left = count;
  while (left > 0) {
    day = addDays(day, 1);
    if (isWorkingDay(day)) left -= 1;
  }
  return day;
}
