import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';
import { catalogues, LANGUAGES } from '@faktura/shared';
import '../app/pages';
import '../app/SessionGate';
import { preloadEverything } from '../components/lazy';
import { i18n, i18nReady } from '../lib/i18n';

// What a test waits for (findBy…, waitFor) may take more than the library's 1 s when the machine is
// busy (CI on two cores, the journeys' server beside it): a test that waits for something that
// never comes still fails, only later. The tests' own timeout stays 20 s (vitest.config.ts).
configure({ asyncUtilTimeout: 5000 });

// The app loads texts and screens on demand; tests start with both in, as a warmed-up browser would:
// every screen's code and all texts of both languages (tests switch with i18n.changeLanguage). That
// each screen loads the texts it shows is the journeys' to check (e2e/support.ts).
await Promise.all([i18nReady, preloadEverything()]);
for (const language of LANGUAGES) i18n.addResourceBundle(language, 'translation', catalogues[language], true, false);

// jsdom lacks these; Mantine asks for them when it lays out menus, drawers and the segmented control.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    // tests prefer reduced motion: with the theme's respectReducedMotion (AppProviders, env "test")
    // no Mantine transition starts a timer that could fire after a test file's window is gone
    matches: /prefers-reduced-motion:\s*reduce/.test(query),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

// Mantine's scroll areas and menus call these; jsdom does not implement them.
window.HTMLElement.prototype.scrollIntoView = () => {};

afterEach(async () => {
  cleanup();
  // Toasts live in a store outside React: without this one test's toast can satisfy the next's query.
  notifications.clean();
  notifications.cleanQueue();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Each test starts as a first visit: Croatian, nobody signed in.
  await i18n.changeLanguage('hr');
  localStorage.clear();
});
