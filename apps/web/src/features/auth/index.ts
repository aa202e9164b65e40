// Signing in and the session. Other features and the app use only what this file exports (decision 020).
import { lazyComponent } from '../../components/lazy';

/**
 * The sign-in page, loaded on demand (decision 010): an operator stays signed in, and the invoice
 * list's first download need not carry it (its page, the password field, the alert: ~3 KiB
 * compressed). main.tsx and the boot script ask for it at once when nobody is signed in; signed in, it
 * downloads with the user menu's code (app/shell/UserMenu.tsx), which holds Log out.
 */
export const loginPage = lazyComponent(() => import('./LoginPage').then((module) => module.LoginPage), { texts: 'first' });
export { SessionProvider, useSession } from './SessionProvider';
