import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, clientApi, jsonResponse, stubApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { MARIJA, OBRT_ANA } from '../../test/samples/clients';
import { dialog, findToast } from '../../test/ui';

async function openEditDialog(handlers: Parameters<typeof stubApi>[0], name = 'Obrt Ana') {
  const fetchMock = stubApi({ ...clientApi([OBRT_ANA, MARIJA]), ...handlers });
  const view = renderApp({ route: '/Clients', signedIn: true });
  await view.user.click(await screen.findByRole('button', { name: `Uredi klijenta ${name}` }));
  const form = dialog('Uredi klijenta');
  const field = (name: string) => within(form).getByRole('textbox', { name });
  return { ...view, fetchMock, form, field };
}

describe('Edit client dialog', () => {
  it('shows name and address read-only and sends only the editable fields', async () => {
    const { user, form, field, fetchMock } = await openEditDialog({
      'PUT /api/v1/company/3': () => jsonResponse(200, { data: OBRT_ANA }),
    });
    expect(field('Naziv')).toHaveValue('Obrt Ana');
    expect(field('Naziv')).toHaveAttribute('readonly');
    expect(field('Adresa')).toHaveValue('Ilica 42, 10000 Zagreb, Grad Zagreb, Hrvatska');
    expect(field('Adresa')).toHaveAttribute('readonly');
    expect(within(form).queryByRole('checkbox', { name: 'Koristi postojeću adresu' })).not.toBeInTheDocument();
    // a Croatian client: it can be marked as not receiving e-invoices, and it says what that means
    const noEInvoices = within(form).getByRole('checkbox', { name: 'Ne prima e-račune' });
    expect(noEInvoices).not.toBeChecked();
    expect(within(form).getByText(/prijavljuje Poreznoj upravi kao isporuku bez e-računa/)).toBeInTheDocument();
    expect(field('OIB')).toHaveValue('69435151530');
    expect(field('E-mail')).toHaveValue('ana@obrt.hr');

    await user.clear(field('Telefon'));
    await user.type(field('Telefon'), '091 111 2222');
    const days = within(within(form).getByRole('group', { name: 'Ugovor 1' })).getByRole('textbox', {
      name: 'Dani do dospijeća',
    });
    await user.clear(days);
    await user.type(days, '20');
    await user.click(noEInvoices);
    await user.click(within(form).getByRole('button', { name: 'Spremi' }));

    expect(await findToast('Klijent je spremljen')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'PUT /api/v1/company/3'))).toEqual({
      kind: 'BUSINESS',
      email: 'ana@obrt.hr',
      pin: '69435151530',
      phone: '091 111 2222',
      note: null,
      bankAccountNumber: 'HR1210010051863000160',
      // The contract keeps its id, so the server updates it rather than replacing it.
      contracts: [{ id: 11, type: 'RENT', paymentDueDays: 20 }],
      receivesEInvoices: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a private person: their kind shown, OIB optional, no e-invoice mark sent; made a business, the mark is offered', async () => {
    const { user, form, field, fetchMock } = await openEditDialog(
      { 'PUT /api/v1/company/5': () => jsonResponse(200, { data: MARIJA }) },
      'Marija Kovačević',
    );
    expect(within(form).getByRole('radio', { name: 'Privatna osoba' })).toBeChecked();
    expect(field('Ime i prezime')).toHaveValue('Marija Kovačević');
    expect(field('OIB (neobavezno)')).toHaveValue('54702138609');
    expect(within(form).queryByRole('checkbox', { name: 'Ne prima e-račune' })).not.toBeInTheDocument();
    await user.clear(field('OIB (neobavezno)'));
    await user.click(within(form).getByRole('button', { name: 'Spremi' }));
    expect(await findToast('Klijent je spremljen')).toBeInTheDocument();
    const body = bodyOf(callsTo(fetchMock, 'PUT /api/v1/company/5')) as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'CONSUMER', pin: null, email: 'marija@posta.example' });
    expect(body).not.toHaveProperty('receivesEInvoices');
  });

  it('turns a private person into a business, who then receives e-invoices unless marked', async () => {
    const { user, form, field, fetchMock } = await openEditDialog(
      { 'PUT /api/v1/company/5': () => jsonResponse(200, { data: MARIJA }) },
      'Marija Kovačević',
    );
    await user.click(within(form).getByRole('radio', { name: 'Tvrtka ili obrt' }));
    expect(field('Naziv')).toHaveValue('Marija Kovačević');
    expect(within(form).getByRole('checkbox', { name: 'Ne prima e-račune' })).not.toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Spremi' }));
    await findToast('Klijent je spremljen');
    expect(bodyOf(callsTo(fetchMock, 'PUT /api/v1/company/5'))).toMatchObject({ kind: 'BUSINESS', pin: '54702138609', receivesEInvoices: true });
  });

  it('translates the rules, with their limits, under the inputs', async () => {
    const { user, form, field, fetchMock } = await openEditDialog({});
    const row = within(form).getByRole('group', { name: 'Ugovor 1' });
    await user.clear(within(row).getByRole('textbox', { name: 'Dani do dospijeća' }));
    await user.type(field('Telefon'), '9'.repeat(40));
    await user.click(within(form).getByRole('button', { name: 'Spremi' }));

    expect(await within(row).findByText('Ovo polje je obavezno')).toBeInTheDocument();
    expect(field('Telefon')).toHaveAccessibleDescription('Najveći dopušteni broj znakova: 40');
    expect(callsTo(fetchMock, 'PUT /api/v1/company/3')).toHaveLength(0);
  });

  it("puts a 400's reasons under the fields and titles the rest", async () => {
    const { user, form, field } = await openEditDialog({
      'PUT /api/v1/company/3': () =>
        jsonResponse(400, {
          errors: [
            {
              reason: 'Vrijednost smije biti najviše 365',
              code: 'validation',
              field: 'contracts.0.paymentDueDays',
            },
            { reason: 'Nešto drugo', code: 'validation' },
          ],
        }),
    });
    await user.click(within(form).getByRole('button', { name: 'Spremi' }));
    const row = within(form).getByRole('group', { name: 'Ugovor 1' });
    await waitFor(() =>
      expect(within(row).getByRole('textbox', { name: 'Dani do dospijeća' })).toHaveAccessibleDescription(
        'Vrijednost smije biti najviše 365',
      ),
    );
    expect(await findToast('Nešto drugo')).toBeInTheDocument();
    expect(screen.getByText('Nije moguće urediti klijenta!')).toBeInTheDocument();
    expect(field('Naziv')).toHaveValue('Obrt Ana');
  });
});
