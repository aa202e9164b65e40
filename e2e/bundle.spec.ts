import { expect, type Locator, type Page } from '@playwright/test';
import { hrFirst } from '@faktura/shared/i18n/hr/first';
import { enFirst } from '@faktura/shared/i18n/en/first';
import { hrRest } from '@faktura/shared/i18n/hr/rest';
import { enRest } from '@faktura/shared/i18n/en/rest';
import { E2E_USER, chooseLanguage, signIn, test } from './support';

/**
 * The first download stays small (issue 9, P5): screens, the dashboard's chart library and each
 * language's texts are chunks of their own. These journeys read the JavaScript the built app really
 * sends and fail when the split regresses; switching language must never show keys instead of texts.
 */

function texts(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  return tree && typeof tree === 'object' ? Object.values(tree).flatMap(texts) : [];
}
/**
 * The longest text only one language has in a part of the catalogue (the first texts, which every
 * visit loads, or the rest), to recognise that language's part inside a built chunk.
 */
function onlyIn(part: Record<'hr' | 'en', object>, language: 'hr' | 'en'): string {
  const other = new Set(texts(part[language === 'hr' ? 'en' : 'hr']));
  const own = texts(part[language]).filter((text) => !other.has(text) && !/[{}"'\\]/.test(text));
  return own.sort((a, b) => b.length - a.length)[0]!;
}
const CROATIAN = onlyIn({ hr: hrFirst, en: enFirst }, 'hr');
const ENGLISH = onlyIn({ hr: hrFirst, en: enFirst }, 'en');
/** The texts of the other screens and dialogs: they come with the first of those opened. */
const CROATIAN_REST = onlyIn({ hr: hrRest, en: enRest }, 'hr');
/** The class recharts gives its chart's <svg>; only the chart library's code contains it. */
const CHART_LIBRARY = 'recharts-surface';
/** An attribute only Floating UI's code names: menus, tooltips and selects bring it, when they load. */
const FLOATING_UI = 'data-floating-ui-focusable';
/** A class only the dialogs' scroll lock (react-remove-scroll) sets: it comes with the first dialog. */
const SCROLL_LOCK = 'with-scroll-bars-hidden';
/** A CSS variable only Mantine's ScrollArea sets: the tables scroll natively (components/TableScroll.tsx). */
const SCROLL_AREA = '--sa-corner-width';

/** Every JavaScript body the page receives from now on. */
function scriptsOf(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', async (response) => {
    if (!/javascript/.test(response.headers()['content-type'] ?? '')) return;
    bodies.push(await response.text());
  });
  return bodies;
}
const sent = (bodies: string[], text: string) => bodies.some((body) => body.includes(text));

test.describe('what the first screen downloads', () => {
  test('sign-in and a signed-in invoice list load neither the chart library, Floating UI, the scroll lock, the scroll area nor English; the dashboard loads the chart', async ({ page, context }) => {
    const signInScripts = scriptsOf(page);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Prijava' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(sent(signInScripts, CROATIAN)).toBe(true);
    expect(sent(signInScripts, ENGLISH)).toBe(false);
    expect(sent(signInScripts, CHART_LIBRARY)).toBe(false);
    expect(sent(signInScripts, FLOATING_UI)).toBe(false);
    expect(sent(signInScripts, SCROLL_LOCK)).toBe(false);
    expect(sent(signInScripts, CROATIAN_REST)).toBe(false);

    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Nadzorna ploča' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // the dashboard's code brings the chart library (drawn once there are invoices)
    expect(sent(signInScripts, CHART_LIBRARY)).toBe(true);

    // a new tab of the same browser: signed in, opening the list directly, with an empty cache
    const list = await context.newPage();
    await list.route('**/*', (route) => route.continue({ headers: { ...route.request().headers(), 'cache-control': 'no-cache' } }));
    const listScripts = scriptsOf(list);
    await list.goto('/Invoices');
    await expect(list.getByRole('heading', { level: 1, name: 'Računi' })).toBeVisible();
    await list.waitForLoadState('networkidle');
    expect(listScripts.length).toBeGreaterThan(0);
    expect(sent(listScripts, CROATIAN)).toBe(true);
    expect(sent(listScripts, ENGLISH)).toBe(false);
    expect(sent(listScripts, CHART_LIBRARY)).toBe(false);
    expect(sent(listScripts, FLOATING_UI)).toBe(false);
    expect(sent(listScripts, SCROLL_LOCK)).toBe(false);
    expect(sent(listScripts, SCROLL_AREA)).toBe(false);
    expect(sent(listScripts, CROATIAN_REST)).toBe(false);
    // ... and they come when first used: the user menu brings Floating UI
    await list.getByRole('button', { name: E2E_USER.name }).click();
    await expect(list.getByRole('menu')).toBeVisible();
    await expect.poll(() => sent(listScripts, FLOATING_UI)).toBe(true);
    // ... and another screen brings the rest of the texts, with its code
    await list.keyboard.press('Escape');
    await list.getByRole('navigation').getByRole('link', { name: 'Klijenti' }).click();
    await expect(list.getByRole('heading', { level: 1, name: 'Klijenti' })).toBeVisible();
    // the screen shows once its texts are in the browser; this test's copy of their body is read from
    // the response a moment later (scriptsOf), so it is waited for like Floating UI's above
    await expect.poll(() => sent(listScripts, CROATIAN_REST)).toBe(true);
  });

  test('the first screen\'s code, texts and data are asked for while the app\'s own code still downloads', async ({ page, context }) => {
    /**
     * Opens `path` on a slow connection, as on a phone, with an empty cache (the app's own code takes
     * a while to arrive), in `target` or a new tab, until `ready` shows and the network is quiet.
     */
    const openSlowly = async (path: string, ready: (tab: Page) => Locator, target?: Page) => {
      const tab = target ?? (await context.newPage());
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200 * 1024, uploadThroughput: 100 * 1024 });
      await tab.goto(path);
      await expect(ready(tab)).toBeVisible();
      await tab.waitForLoadState('networkidle');
      return tab;
    };
    /** When each script was asked for and when it had arrived (ms), by its name without the hash. */
    const timings = (target: Page) =>
      target.evaluate(() =>
        Object.fromEntries(
          performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.endsWith('.js'))
            .map((entry) => [new URL(entry.name).pathname.replace(/^\/assets\/|-[\w-]{8}\.js$/g, ''), { asked: entry.startTime, arrived: (entry as PerformanceResourceTiming).responseEnd }]),
        ),
      );
    /** When each API read was asked for (ms), by its path and query; a read asked twice is there twice. */
    const reads = (target: Page) =>
      target.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
          .map((entry) => ({ path: new URL(entry.name).pathname + new URL(entry.name).search, asked: entry.startTime })),
      );
    await openSlowly('/', (tab) => tab.getByRole('button', { name: 'Prijava' }), page);
    // nobody signed in: the texts and the sign-in page are asked for before the app's code has
    // arrived; no other screen is (the invoice list's code is part of the app's own: build.mjs)
    const signInPage = await timings(page);
    expect(signInPage.first!.asked).toBeLessThan(signInPage.index!.arrived);
    expect(signInPage.LoginPage!.asked).toBeLessThan(signInPage.index!.arrived);
    expect(signInPage.DashboardPage).toBeUndefined();
    expect(Object.keys(signInPage).sort()).toEqual(['LoginPage', 'first', 'index', 'rolldown-runtime']);

    await signIn(page);
    const list = await openSlowly('/Invoices', (tab) => tab.getByRole('heading', { level: 1, name: 'Računi' }));
    const listPage = await timings(list);
    expect(listPage.first!.asked).toBeLessThan(listPage.index!.arrived);
    // the list's code comes in the app's own file: nothing else to wait for (nor the sign-in page, nor
    // the bundler's runtime, which the entry and the texts carry themselves: build.mjs)
    expect(Object.keys(listPage).sort()).toEqual(['first', 'index']);
    // the rows too: the page of the list is asked for once, before the app's code has arrived
    const listReads = (await reads(list)).filter((read) => read.path.startsWith('/api/v1/invoice/list'));
    expect(listReads.map((read) => read.path)).toEqual(['/api/v1/invoice/list?page=1&pageSize=50']);
    expect(listReads[0]!.asked).toBeLessThan(listPage.index!.arrived);
    // and that one answer is what the screen shows (rows, or none yet: the journeys share one server)
    await expect(list.getByRole('table', { name: 'Popis računa' }).or(list.getByText('Još nema računa'))).toBeVisible();

    // the dashboard's two reads likewise, for the year its address names
    const dashboard = await openSlowly('/?year=2025', (tab) => tab.getByRole('heading', { level: 1, name: 'Nadzorna ploča' }));
    const dashboardPage = await timings(dashboard);
    const dashboardReads = await reads(dashboard);
    expect(dashboardReads.map((read) => read.path).sort()).toEqual(['/api/v1/dashboard?year=2025', '/api/v1/inbox/attention', '/api/v1/invoice/list?overdue=1&pageSize=5']);
    for (const read of dashboardReads) expect(read.asked).toBeLessThan(dashboardPage.index!.arrived);
  });

  test('switching to English loads its texts first: no key ever shows, and Croatian comes back the same way', async ({ page }) => {
    await page.goto('/');
    await signIn(page);
    await page.goto('/Invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'Računi' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const scripts = scriptsOf(page);

    // Any text node that ever reads like a key ("nav.invoices") while the language changes.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { keysSeen: string[] }).keysSeen = seen;
      const isKey = (text: string | null) => /^[a-z][a-zA-Z]*(\.[a-zA-Z0-9]+)+$/.test((text ?? '').trim());
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.type === 'characterData' && isKey(record.target.textContent)) seen.push(record.target.textContent!);
          for (const node of Array.from(record.addedNodes)) {
            const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
            for (let text = walker.currentNode; text; text = walker.nextNode()!) if (text.nodeType === Node.TEXT_NODE && isKey(text.textContent)) seen.push(text.textContent!);
          }
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    await chooseLanguage(page, 'EN');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Clients' })).toBeVisible();
    expect(sent(scripts, ENGLISH)).toBe(true);
    await chooseLanguage(page, 'HR');
    await expect(page.getByRole('heading', { level: 1, name: 'Računi' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { keysSeen: string[] }).keysSeen)).toEqual([]);

    // a reload in English starts in English, with the English texts only
    await chooseLanguage(page, 'EN');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    const reloaded = scriptsOf(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(sent(reloaded, ENGLISH)).toBe(true);
    expect(sent(reloaded, CROATIAN)).toBe(false);
  });
});
