/** Quotes (ponude, decision 043): their own module beside the invoices; others import only this file. */
export { quoteRoutes } from './quote.routes';
