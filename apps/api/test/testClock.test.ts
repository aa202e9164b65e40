import { describe, expect, it } from 'vitest';
import { todayInZagreb } from '@faktura/shared';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { installedClockShift } from './clockShift.mjs';
import { LEAD_MS, WINDOW_MS, clockShiftFor, shiftedDate } from './testClock';

describe('the API tests keep one day in Zagreb for a run that begins near its midnight', () => {
  it('sets the clock back only within the window before midnight, to three hours before it', () => {
    // winter (UTC+1): midnight in Zagreb is 23:00 UTC
    expect(clockShiftFor(new Date('2026-12-02T10:00:00Z'))).toBe(0);
    expect(clockShiftFor(new Date('2026-12-02T21:29:00Z'))).toBe(0);
    const late = new Date('2026-12-02T22:59:10Z');
    const shift = clockShiftFor(late);
    expect(shift).toBe(LEAD_MS - 50_000);
    expect(new Date(late.getTime() - shift).toISOString()).toBe('2026-12-02T20:00:00.000Z');
    // just after midnight the day has begun: nothing to keep
    expect(clockShiftFor(new Date('2026-12-02T23:00:30Z'))).toBe(0);
    // summer (UTC+2): midnight is 22:00 UTC
    expect(clockShiftFor(new Date('2026-07-01T21:00:00Z'))).toBe(LEAD_MS - 3600_000);
    expect(clockShiftFor(new Date('2026-07-01T20:29:00Z'))).toBe(0);
    expect(WINDOW_MS).toBeLessThan(LEAD_MS);
  });

  it('a shifted clock reads the time set back, and leaves dates made from values alone', () => {
    const shift = 5 * 3600_000;
    const shifted = shiftedDate(Date, shift);
    const before = Date.now();
    expect(Math.abs(shifted.now() - (before - shift))).toBeLessThan(1000);
    expect(Math.abs(new shifted().getTime() - (before - shift))).toBeLessThan(1000);
    expect(new shifted()).toBeInstanceOf(Date);
    expect(todayInZagreb(new shifted())).toBe(todayInZagreb(new Date(before - shift)));
    expect(new shifted('2026-03-01T00:00:00Z').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(new shifted(2026, 2, 1).getMonth()).toBe(2);
    expect(shifted.UTC(2026, 0, 1)).toBe(Date.UTC(2026, 0, 1));
    expect(shifted.parse('2026-01-01T00:00:00Z')).toBe(Date.parse('2026-01-01T00:00:00Z'));
    // called without `new`, as Date() is: the time as text
    expect(Math.abs(Date.parse((shifted as unknown as () => string)()) - shifted.now())).toBeLessThan(2000);
  });

  it('a child process given the shift reads the same clock', () => {
    const shift = 7 * 3600_000;
    const preload = pathToFileURL(path.join(__dirname, 'clockPreload.mjs')).href;
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(Date.now()) + " " + new Date().toISOString())'], {
      env: { PATH: process.env.PATH, NODE_OPTIONS: `--import=${preload}`, FAKTURA_TEST_CLOCK_SHIFT_MS: String(shift) },
      encoding: 'utf8',
    });
    expect(child.status, child.stderr).toBe(0);
    const [now, iso] = child.stdout.split(' ');
    // the real time less the shift (this process's own clock may be set back already)
    const expected = Date.now() + installedClockShift() - shift;
    expect(Math.abs(Number(now) - expected)).toBeLessThan(5000);
    expect(Math.abs(Date.parse(iso ?? '') - expected)).toBeLessThan(5000);
  });
});
