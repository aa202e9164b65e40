import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { type Language, formatDate } from '@faktura/shared';

/** What the web's tests do and read on screen, as a user would (decision 020). */

/** The invoice form tests' "today". */
export const TODAY = '2026-03-18';

/** Freezes the clock's date at TODAY only: user-event and Mantine keep their real timers. */
export function freezeToday() {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${TODAY}T10:00:00Z`) });
}

type User = ReturnType<typeof userEvent.setup>;

/** The open dialog with that title. */
export const dialog = (name: string) => screen.getByRole('dialog', { name });

/** A toast's text, for asserting what the operator was told. */
export async function findToast(text: string | RegExp) {
  return within(document.body).findByText(text);
}

/** Opens a select by its label and picks the option. */
export async function choose(
  user: User,
  label: string,
  option: string | RegExp,
  scope: HTMLElement = document.body,
) {
  await user.click(within(scope).getByRole('textbox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Picks a catalogue item and presses "Add item", in Croatian unless told the English labels. */
export async function addItem(
  user: User,
  name: RegExp,
  labels = { catalogue: 'Stavka iz kataloga', add: 'Dodaj stavku' },
) {
  await choose(user, labels.catalogue, name);
  await user.click(screen.getByRole('button', { name: labels.add }));
}

/** The text shown on a date picker's button. */
export const dateButton = (label: string) => screen.getByRole('button', { name: label });

/**
 * What a date picker shows for an ISO day: the whole text, as every date on screen is written
 * ("18. 3. 2026." / "18 Mar 2026"), never the ISO day its value is.
 */
export const shownDay = (iso: string, language: Language = 'hr') =>
  new RegExp(`^${formatDate(iso, language).replace(/\./g, '\\.')}$`);

/** The invoice sheet of the print preview, once it has loaded. */
export const sheet = async () => within(await screen.findByRole('article'));

const MORE = { hr: 'Više radnji s dokumentom', en: 'More actions for the document' } as const;

/**
 * The invoice page's "More" menu (issue 31 item 7): opens it and answers the names of what it
 * offers; none when the page has no menu at all.
 */
export async function moreActions(user: User, language: Language = 'hr'): Promise<string[]> {
  const more = screen.queryByRole('button', { name: MORE[language] });
  if (!more) return [];
  await user.click(more);
  const menu = await screen.findByRole('menu');
  const names = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent?.trim() ?? '');
  await user.keyboard('{Escape}');
  return names;
}

/** Picks an action from the invoice page's "More" menu. */
export async function chooseMore(user: User, action: string, language: Language = 'hr') {
  await user.click(await screen.findByRole('button', { name: MORE[language] }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}
