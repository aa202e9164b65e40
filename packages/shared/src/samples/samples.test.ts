import { describe, expect, it } from 'vitest';
import { addressInputSchema, addressSchema } from '../contract/address';
import { companyCreateSchema, companySchema } from '../contract/company';
import {
  invoiceCreateSchema,
  invoiceLineInputSchema,
  invoiceListRowSchema,
  invoiceSchema,
} from '../contract/invoice';
import { lineItemInputSchema, lineItemSchema } from '../contract/lineItem';
import { issuerInputSchema, issuerSchema } from '../contract/settings';
import { isValidIban } from '../domain/iban';
import { isValidOib } from '../domain/oib';
import {
  SAMPLE_CLIENT_KINDS,
  SAMPLE_ITEM_KINDS,
  type SampleAddressKind,
  demoIssuerInput,
  sampleAddress,
  sampleAddressInput,
  sampleClient,
  sampleClientInput,
  sampleInvoice,
  sampleInvoiceRequest,
  sampleIssuer,
  sampleIssuerInput,
  sampleItem,
  sampleItemInput,
  sampleLine,
  sampleListRow,
  sampleStoredLine,
} from '.';

/** The schema's own verdict, with its issues in the message when it refuses. */
function accepted(
  schema: { safeParse: (value: unknown) => { success: boolean; error?: { message: string } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  expect(result.success, result.error?.message).toBe(true);
}

describe('the sample factories', () => {
  const addressKinds: SampleAddressKind[] = ['issuer', ...SAMPLE_CLIENT_KINDS];

  it('give requests the contract accepts', () => {
    for (const kind of addressKinds) accepted(addressInputSchema, sampleAddressInput(kind));
    accepted(issuerInputSchema, sampleIssuerInput());
    accepted(issuerInputSchema, demoIssuerInput());
    for (const kind of SAMPLE_CLIENT_KINDS) accepted(companyCreateSchema, sampleClientInput(kind));
    for (const kind of SAMPLE_ITEM_KINDS) accepted(lineItemInputSchema, sampleItemInput(kind));
    accepted(invoiceLineInputSchema, sampleLine());
    accepted(invoiceCreateSchema, sampleInvoiceRequest(1));
    accepted(
      invoiceCreateSchema,
      sampleInvoiceRequest(3, {
        lineItems: [
          sampleLine({ id: 2, quantity: 2.5, discountPercent: 10 }),
          sampleLine({ id: 4, price: 800 }),
        ],
      }),
    );
  });

  it('give answers the contract accepts', () => {
    for (const kind of addressKinds) accepted(addressSchema, sampleAddress(kind));
    accepted(issuerSchema, sampleIssuer());
    for (const kind of SAMPLE_CLIENT_KINDS) accepted(companySchema, sampleClient(kind));
    for (const kind of SAMPLE_ITEM_KINDS) accepted(lineItemSchema, sampleItem(kind));
    accepted(invoiceSchema, sampleInvoice());
    accepted(invoiceListRowSchema, sampleListRow());
  });

  it('name one issuer, whose OIB and IBAN carry valid check digits, the same in requests and answers', () => {
    const input = sampleIssuerInput();
    expect(isValidOib(input.oib)).toBe(true);
    expect(isValidIban(input.iban)).toBe(true);
    expect(sampleIssuer()).toMatchObject({
      name: input.name,
      oib: input.oib,
      vatNumber: `HR${input.oib}`,
      iban: input.iban,
      address: { address1: input.address.address1, country: 'Hrvatska' },
    });
    expect(demoIssuerInput()).toMatchObject({
      name: input.name,
      oib: input.oib,
      defaultFootnote: 'Hvala na povjerenju!',
    });
  });

  it('give Croatian clients valid OIBs and the VAT number the API writes, others their own tax number', () => {
    for (const kind of SAMPLE_CLIENT_KINDS) {
      const client = sampleClientInput(kind);
      if (client.kind === 'CONSUMER') {
        // a private person: an OIB, no VAT number, no e-invoices (decision 031)
        expect(isValidOib(client.pin ?? '')).toBe(true);
        expect(sampleClient(kind)).toMatchObject({ kind: 'CONSUMER', vatNumber: null, receivesEInvoices: false });
      } else if (client.address.countryCode === 'HR') {
        expect(isValidOib(client.pin ?? '')).toBe(true);
        expect(sampleClient(kind).vatNumber).toBe(`HR${client.pin}`);
      } else {
        expect(sampleClient(kind).vatNumber).toBe(client.pin);
      }
      if (client.bankAccountNumber) expect(isValidIban(client.bankAccountNumber)).toBe(true);
    }
    expect(sampleClient('eu').address).toMatchObject({ countryCode: 'DE', country: 'Njemačka' });
    expect(sampleClient('domestic', { pin: null }).vatNumber).toBeNull();
  });

  it('keep an answer consistent with what it overrides', () => {
    expect(sampleItem('development', { unitPrice: 10.5 })).toMatchObject({
      unitPrice: 10.5,
      unitPriceCents: 1050,
    });
    expect(sampleItem('review').currency).toEqual({ code: 'USD', symbol: '$' });
    // 45 h at 10,50 € less 10 %, 25 % VAT
    const invoice = sampleInvoice({
      lines: [sampleStoredLine({ quantityMilli: 45_000, priceCents: 1050, discountBp: 1000 })],
    });
    expect(invoice).toMatchObject({
      subtotalCents: 42525,
      vatCents: 10631,
      totalCents: 53156,
      vatGroups: [{ rate: 25, baseCents: 42525, vatCents: 10631 }],
    });
    expect(invoice.lineItems[0]).toMatchObject({
      quantity: 45,
      price: 10.5,
      discountPercent: 10,
      vatRate: 25,
      lineTotalCents: 42525,
    });
    expect(sampleListRow({ totalCents: 50_000, currencyCode: 'USD' }).amountFormatted).toBe(
      '500,00\u00a0USD',
    );
  });
});
