// The dashboard. The app uses only what this file exports (decision 020).
import { lazyComponent } from '../../components/lazy';

/** The landing page after sign-in (route /), loaded on demand. */
export const dashboardPage = lazyComponent(() => import('./DashboardPage').then((m) => m.DashboardPage), { texts: 'first' });
export { dashboardScreenReads } from './reads';
