import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/renderApp';
import { findToast } from '../test/ui';
import { i18n } from './i18n';
import { notifySuccess } from './notify';

/** Success toasts say what happened, not a bare "Uspjeh"/"Success" (issue 31). */
describe('success toasts', () => {
  it.each([
    ['hr', ['Nacrt je spremljen', 'Klijent je spremljen', 'Adresa je spremljena', 'Stavka je spremljena', 'Odobrenje 1/POSL1/1 je izdano'], 'Uspjeh'],
    ['en', ['Draft saved', 'Client saved', 'Address saved', 'Line item saved', 'Credit note 1/POSL1/1 issued'], 'Success'],
  ])('in %s name what was saved or issued', async (language, expected, generic) => {
    await i18n.changeLanguage(language);
    renderWithProviders(<div />);
    act(() => {
      for (const key of ['invoiceForm.draftSaved', 'clients.created', 'addresses.updated', 'lineItems.created'] as const)
        notifySuccess(i18n.t(key, { id: 3 }));
      notifySuccess(i18n.t('creditNote.issued', { number: '1/POSL1/1' }));
    });
    for (const text of expected) expect(await findToast(text)).toBeInTheDocument();
    expect(screen.queryByText(generic)).not.toBeInTheDocument();
  });
});
