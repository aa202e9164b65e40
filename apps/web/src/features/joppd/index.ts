// The JOPPD tool. The app uses only what this file exports (decision 020).
import { lazyComponent } from '../../components/lazy';

/** The JOPPD screen (route /Tools/Joppd), loaded on demand. */
export const joppdPage = lazyComponent<object>(() => import('./JoppdPage').then((m) => m.JoppdPage));
