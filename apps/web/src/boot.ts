// The boot script (decision 010), built by build.mjs and written inline into index.html before the
// entry: a classic script there runs as soon as the parser reaches it, while the entry, the app's
// largest file, still downloads. The entry would ask for the first screen's code, its texts and its
// data only once it has downloaded and run; on a slow connection that is a round trip or more before
// the screen. This asks for them at once, exactly as the app will: the language and the session are
// in the browser's storage. It imports only modules without side effects, and build.mjs fails if any
// package (React, i18next, SWR …) comes into it. Inline rather than a file of its own (as it was
// until 2026-11-27): the file cost a request, and as a module script it also waited for the style
// sheet, so the texts and the data left one round trip later. The CSP allows exactly this script by
// its hash (apps/api/src/http/security.ts); no other inline script runs.
import { dashboardScreenReads } from './features/dashboard';
import { listScreenReads } from './features/invoices';
import { type ScreenRead, pathOfRead } from './lib/api';
import { startBootRead } from './lib/bootReads';
import { storedLanguage } from './lib/language';
import { PROFILE_STORAGE_KEY, parseProfile } from './lib/storedProfile';

/** The built files of the first screens (by address) and of each language's first texts; build.mjs fills these in. */
declare const FAKTURA_FIRST_FILES: {
  screens: Record<string, { js: string[]; css: string[] } | undefined>;
  /** The sign-in page's, shown on every address while nobody is signed in. */
  signIn: { js: string[]; css: string[] };
  texts: Record<string, string>;
};

/** The first reads of the first screens, by address (app/pages.tsx gives the app the same). */
const firstReads: Record<string, ((search: URLSearchParams) => ScreenRead[]) | undefined> = {
  '/': dashboardScreenReads,
  '/Invoices': listScreenReads,
};

function hint(rel: 'modulepreload' | 'preload', href: string, as?: 'style'): void {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  if (as) link.as = as;
  link.crossOrigin = '';
  document.head.append(link);
}

// Named once: the bundler writes the whole table in wherever the name is used.
const firstFiles = FAKTURA_FIRST_FILES;

try {
  const language = storedLanguage();
  const profile = parseProfile(localStorage.getItem(PROFILE_STORAGE_KEY));
  const texts = firstFiles.texts[language];
  if (texts) hint('modulepreload', texts);
  const screen = profile ? firstFiles.screens[location.pathname] : firstFiles.signIn;
  for (const href of screen?.js ?? []) hint('modulepreload', href);
  for (const href of screen?.css ?? []) hint('preload', href, 'style');
  if (profile) {
    const reads = firstReads[location.pathname]?.(new URLSearchParams(location.search)) ?? [];
    for (const read of reads) startBootRead(pathOfRead(read), profile.token.cryptogram, language);
  }
} catch {
  // no storage (a privacy mode): the entry asks for all of it itself, a little later
}
