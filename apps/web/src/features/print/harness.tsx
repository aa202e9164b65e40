import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../../app/AppProviders';
import { setProfile } from '../../lib/profileStore';
import { jsonResponse, OPERATOR } from '../../test/fixtures';
import { PrintPreviewButton } from './PrintPreviewButton';

/** A page with just the preview button, signed in as OPERATOR, with a fresh SWR cache. */
export function renderPreviewButton(invoiceId: number) {
  setProfile(OPERATOR);
  const user = userEvent.setup();
  const view = render(
    <AppProviders env="test">
      <PrintPreviewButton invoiceId={invoiceId} />
    </AppProviders>,
  );
  return { user, ...view };
}

/** Renders the button and opens the preview, in whichever language the screen is. */
export async function openPreview(invoiceId: number) {
  const rendered = renderPreviewButton(invoiceId);
  await rendered.user.click(screen.getByRole('button', { name: /Pregled i ispis|Preview and print/ }));
  return rendered;
}

/** A fake API handler answering with a print view. */
export const answer = (view: unknown) => () => jsonResponse(200, { data: view });

/** The invoice sheet, once it has loaded. */
export const sheet = async () => within(await screen.findByRole('article'));
