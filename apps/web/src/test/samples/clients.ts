import type { Company } from '@faktura/shared';
import { sampleClient } from '@faktura/shared/samples';
import { BERLIN, ILICA } from './addresses';

/** Clients as the API lists them, for the client screen's tests: a craft in Zagreb renting, a German company. */
export const OBRT_ANA: Company = sampleClient('domesticSmall', {
  id: 3,
  name: 'Obrt Ana',
  email: 'ana@obrt.hr',
  pin: '69435151530',
  phone: '01 2345 678',
  bankAccountNumber: 'HR1210010051863000160',
  contracts: [{ id: 11, type: 'RENT', paymentDueDays: 10 }],
  address: ILICA,
});

export const LINDEN: Company = sampleClient('eu', {
  id: 4,
  name: 'Linden GmbH',
  email: 'info@linden.de',
  pin: null,
  phone: null,
  bankAccountNumber: null,
  contracts: [],
  address: BERLIN,
});

/** A private person in Zagreb (decision 031): an OIB, no VAT number, no e-invoices. */
export const MARIJA: Company = sampleClient('consumer', {
  id: 5,
  email: 'marija@posta.example',
  address: ILICA,
});
