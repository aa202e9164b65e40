import type { Address } from '@faktura/shared';

/** Addresses as the API answers them: one in Zagreb, one in Berlin. */
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
