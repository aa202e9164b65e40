import { screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { unload } from 'swr';
import type { Address } from '@faktura/shared';
import { setProfile } from '../../lib/profileStore';
import { OPERATOR } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

/** Test data and helpers for the address and client screens' tests. */
export const ILICA: Address = {
  id: 1,
  address1: 'Ilica 1',
  address2: null,
  city: 'Zagreb',
  zip: '10000',
  state: null,
  country: 'Hrvatska',
  countryCode: 'HR',
};

export const BERLIN: Address = {
  id: 2,
  address1: 'Unter den Linden 5',
  address2: '3. OG',
  city: 'Berlin',
  zip: '10117',
  state: 'Berlin',
  country: 'Njemačka',
  countryCode: 'DE',
};

/**
 * Opens `path` signed in, with an empty SWR cache and no toasts. Both stores are module-wide: a list
 * left from the previous test (or a request deduplicated against it) would hide what this test's
 * API answers, and an old toast would answer for a new one.
 */
export function openSignedIn(path: string) {
  unload({ revalidate: false });
  notifications.clean();
  setProfile(OPERATOR);
  return renderApp(path);
}

/** The body of the n-th call in a list of fetch calls, parsed. */
export function bodyOf(calls: unknown[][], index = 0): unknown {
  // The HTTP client always sends a JSON string body.
  const init = calls[index]?.[1] as { body?: string } | undefined;
  return JSON.parse(init?.body ?? 'null');
}

/** The open dialog with that title. */
export const dialog = (name: string) => screen.getByRole('dialog', { name });

/** The toast region's text, for asserting what the operator was told. */
export async function findToast(text: string | RegExp) {
  return within(document.body).findByText(text);
}
