// Clients. Other features and the app use only what this file exports (decision 020).
import { lazyComponent } from '../../components/lazy';

/** The clients' screen (route /Clients), loaded on demand. */
export const clientsPage = lazyComponent(() => import('./ClientsPage').then((m) => m.ClientsPage));

export { useClients } from './api';
