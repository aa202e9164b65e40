import { type KprAnswer, type PosdAnswer, buildKpr, posdFrom } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { paymentsReceivedIn } from '../invoice';
import { issuerForReports } from '../issuer';

/*
 * The KPR (knjiga prometa) of a paušalni obrt and its PO-SD figures (issue 28, decision 029): read,
 * never stored. The ledger is the payments received in the year, as they are now (a later
 * correction shows as its own negative row on its own day). Answered whoever the issuer is: the
 * screen says who keeps the book; the numbers are the same.
 */

export async function kprOf(db: Db, year: number): Promise<KprAnswer> {
  const [issuer, entries] = await Promise.all([issuerForReports(db), paymentsReceivedIn(db, year)]);
  return { ...buildKpr(year, entries), issuer };
}

export async function posdOf(db: Db, year: number): Promise<PosdAnswer> {
  const { issuer, ...ledger } = await kprOf(db, year);
  return { ...posdFrom(ledger), issuer };
}
