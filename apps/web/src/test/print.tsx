import { screen } from '@testing-library/react';
import { PrintPreviewButton } from '../features/print';
import { renderWithProviders } from './renderApp';

/** A page with just the preview button, signed in. */
export function renderPreviewButton(invoiceId: number) {
  return renderWithProviders(<PrintPreviewButton invoiceId={invoiceId} />, { signedIn: true });
}

/** Renders the button and opens the preview, in whichever language the screen is. */
export async function openPreview(invoiceId: number) {
  const rendered = renderPreviewButton(invoiceId);
  await rendered.user.click(screen.getByRole('button', { name: /Pregled i ispis|Preview and print/ }));
  return rendered;
}
