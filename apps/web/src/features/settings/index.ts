// Settings. The app uses only what this file exports (decision 020).
import { lazyComponent } from '../../components/lazy';

/** The settings screen (route /Settings), loaded on demand. */
export const settingsPage = lazyComponent(() => import('./SettingsPage').then((m) => m.SettingsPage));
