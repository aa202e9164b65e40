// Signing in and the session. Other features and the app use only what this file exports (decision 020).
export { LoginPage } from './LoginPage';
export { SessionProvider, useSession } from './SessionProvider';
