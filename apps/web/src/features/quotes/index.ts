// Quotes (ponude, decision 043): the list and the quote's page. Other features and the app use only
// what this file exports (decision 020).
import { lazyComponent } from '../../components/lazy';

export const quoteListPage = lazyComponent(() => import('./QuoteListPage').then((m) => m.QuoteListPage));
export const quotePage = lazyComponent(() => import('./QuotePage').then((m) => m.QuotePage));
