import { describe, expect, it } from 'vitest';
import { toastLift, type Box } from './toastLift';

// A 390 × 844 phone: the stack is 358 px wide at the right edge (16 px from it), 80 px tall.
const phone = { viewportHeight: 844, stack: { height: 80, left: 16, right: 374 }, base: 16, gap: 8 };
const row = (top: number, height = 52, left = 16, right = 374): Box => ({ top, bottom: top + height, left, right });

describe('toastLift', () => {
  it('leaves the stack at the bottom edge when no row of buttons is in its way', () => {
    expect(toastLift({ ...phone, actions: [] })).toBe(16);
    // a row high up the screen, and one scrolled off it
    expect(toastLift({ ...phone, actions: [row(200), row(900)] })).toBe(16);
  });

  it('rises above a sticky action bar at the bottom edge', () => {
    const bar = row(792);
    const lift = toastLift({ ...phone, actions: [bar] });
    expect(lift).toBe(844 - 792 + 8);
    // the stack's lower edge is above the bar's upper edge
    expect(844 - lift).toBeLessThan(bar.top);
  });

  it('rises above a row it would cover, then above the next one it would then cover', () => {
    // the stack at 16 px would span 668–828; a row at 700 is in the way, then one at 600
    const lift = toastLift({ ...phone, actions: [row(600), row(700)] });
    expect(lift).toBe(844 - 600 + 8);
  });

  it('ignores rows beside the stack: a desktop dialog left of the toast column', () => {
    const desktop = { ...phone, viewportHeight: 720, stack: { height: 80, left: 824, right: 1264 } };
    expect(toastLift({ ...desktop, actions: [row(640, 52, 420, 800)] })).toBe(16);
    expect(toastLift({ ...desktop, actions: [row(640, 52, 420, 830)] })).toBe(720 - 640 + 8);
  });

  it('never pushes the stack off the top of the screen', () => {
    const lift = toastLift({ ...phone, actions: [row(40, 800)] });
    expect(lift).toBe(844 - 80 - 8);
  });

  it('has nothing to avoid while no toast is shown', () => {
    expect(toastLift({ ...phone, stack: { ...phone.stack, height: 0 }, actions: [row(792)] })).toBe(16);
  });
});
