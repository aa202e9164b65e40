import { describe, expect, it } from 'vitest';
import { contractDates } from './dates';
import { dueDateNotPast } from './dueDate';

describe('due date proposal', () => {
  it('keeps a due date that is today or later', () => {
    expect(dueDateNotPast('2026-11-30', 15, '2026-11-23')).toEqual({ paymentDueDate: '2026-11-30', passed: null });
    expect(dueDateNotPast('2026-11-23', 15, '2026-11-23')).toEqual({ paymentDueDate: '2026-11-23', passed: null });
  });

  it('replaces a past due date with today plus the contract days and names the one it replaced', () => {
    // SOW 15 days on 23 Nov: billed 30 Oct, due 14 Nov — already past.
    const contract = contractDates('SOW', 15, '2026-11-23');
    expect(contract.paymentDueDate).toBe('2026-11-14');
    expect(dueDateNotPast(contract.paymentDueDate, 15, '2026-11-23')).toEqual({ paymentDueDate: '2026-12-08', passed: '2026-11-14' });
    // across a year end
    expect(dueDateNotPast('2026-12-20', 30, '2026-12-28')).toEqual({ paymentDueDate: '2027-01-27', passed: '2026-12-20' });
  });
});
