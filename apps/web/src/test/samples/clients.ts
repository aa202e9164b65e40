import type { Company } from '@faktura/shared';
import { BERLIN, ILICA } from './addresses';

/** Clients as the API lists them, for the client screen's tests. */
export const OBRT_ANA: Company = {
  id: 3,
  name: 'Obrt Ana',
  email: 'ana@obrt.hr',
  pin: '69435151530',
  phone: '01 2345 678',
  note: null,
  bankAccountNumber: 'HR1210010051863000160',
  contracts: [{ id: 11, type: 'RENT', paymentDueDays: 10 }],
  address: ILICA,
  addressId: ILICA.id,
  vatNumber: 'HR69435151530',
};

export const LINDEN: Company = {
  id: 4,
  name: 'Linden GmbH',
  email: 'info@linden.de',
  pin: null,
  phone: null,
  note: null,
  bankAccountNumber: null,
  contracts: [],
  address: BERLIN,
  addressId: BERLIN.id,
  vatNumber: null,
};
