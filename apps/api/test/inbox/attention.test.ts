import { addDays, addWorkingDays, todayInZagreb } from '@faktura/shared';
import { describe, expect, it } from 'vitest';
import { dataOf } from '../harness';
import { useInvoiceWorld } from '../invoiceFixtures';
import { addressedTo, importFiles, sampleBytes } from './inboxFixtures';

/**
 * Issue 46, "Fiscalized as received": the dashboard warns of each received e-invoice whose
 * five-working-day deadline has passed or is near (two working days, Croatian holidays counted),
 * and of each one the Tax Administration refused.
 */
const world = useInvoiceWorld();

describe('the inbox’s warning on the dashboard', () => {
  it('counts the deadlines passed, those within two working days with the nearest, and the refused ones', async () => {
    const { h, token } = world;
    const empty = dataOf<{ late: number; dueSoon: number; nextDeadline: string | null; refused: number }>(await h.request('GET', '/api/v1/inbox/attention', { token }));
    const today = todayInZagreb();
    const files = ['ATT-1', 'ATT-2', 'ATT-3', 'ATT-4', 'ATT-5'].map((number) => ({ name: `${number}.xml`, bytes: addressedTo(sampleBytes('hr/eRacun_PDV13.xml'), '69814562369', number) }));
    const ids = dataOf<{ results: { id: number }[] }>(await importFiles(h, token, files)).results.map((r) => r.id);
    // just received: five working days ahead, not yet near
    const fresh = dataOf<typeof empty>(await h.request('GET', '/api/v1/inbox/attention', { token }));
    expect(fresh).toEqual(empty);

    const set = (id: number, values: { fiscal_deadline?: string; fiscal_status?: string }) => h.db.updateTable('received_document').set(values).where('id', '=', id).execute();
    await set(ids[0]!, { fiscal_deadline: addDays(today, -1) });
    await set(ids[1]!, { fiscal_deadline: today });
    await set(ids[2]!, { fiscal_deadline: addWorkingDays(today, 2) });
    await set(ids[3]!, { fiscal_deadline: addDays(addWorkingDays(today, 2), 1) });
    await set(ids[4]!, { fiscal_status: 'FAILED', fiscal_deadline: addDays(today, -3) });
    const now = dataOf<typeof empty>(await h.request('GET', '/api/v1/inbox/attention', { token, lang: 'en' }));
    expect(now).toEqual({ late: empty.late + 1, dueSoon: empty.dueSoon + 2, nextDeadline: today, refused: empty.refused + 1, rejectionsToReport: 0, rejectionsDeadline: null, fetch: null });
    // fiscalized ones are not counted
    await set(ids[0]!, { fiscal_status: 'FISCALIZED' });
    await set(ids[1]!, { fiscal_status: 'BY_INTERMEDIARY' });
    const after = dataOf<typeof empty>(await h.request('GET', '/api/v1/inbox/attention', { token }));
    expect(after).toEqual({ late: empty.late, dueSoon: empty.dueSoon + 1, nextDeadline: addWorkingDays(today, 2), refused: empty.refused + 1, rejectionsToReport: 0, rejectionsDeadline: null, fetch: null });
    expect((await h.request('GET', '/api/v1/inbox/attention', {})).statusCode).toBe(401);
  });
});
