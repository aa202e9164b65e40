// The KPR and PO-SD of a paušalni obrt (decision 029). The app uses only what this file exports (decision 020).
import { lazyComponent } from '../../components/lazy';

/** The sales ledger (route /Reports/KPR), loaded on demand. */
export const kprPage = lazyComponent<object>(() => import('./KprPage').then((m) => m.KprPage));
/** PO-SD's receipts per quarter (route /Reports/POSD), loaded on demand. */
export const posdPage = lazyComponent<object>(() => import('./PosdPage').then((m) => m.PosdPage));
