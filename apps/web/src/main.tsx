// Mantine's base styles; each component's own come with its code (vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './lib/i18n';
import { dropBootReads } from './lib/bootReads';
import { getProfile } from './lib/profileStore';
import { App } from './app/App';
import { preloadPage } from './app/pages';
import { loginPage } from './features/auth';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The active language's texts and, when signed in, the screen being opened and its data (else the
// sign-in page) download side by side (the boot script has asked for them already); the first render
// waits for the texts and the screen, so it shows neither keys nor an empty page.
const screen = getProfile() ? preloadPage(window.location.pathname, window.location.search) : loginPage.preload();
// The screen took the boot script's reads of its data (src/boot.ts); any other is never used.
dropBootReads();
void Promise.allSettled([i18nReady, screen]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
