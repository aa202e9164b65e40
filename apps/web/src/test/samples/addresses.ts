import type { Address } from '@faktura/shared';
import { sampleAddress } from '@faktura/shared/samples';

/** Addresses as the API answers them (the shared samples): the issuer's in Zagreb, one in Berlin. */
export const ILICA: Address = sampleAddress('issuer');

/** A German address with a second line, for the address book's tests. */
export const BERLIN: Address = sampleAddress('eu', {
  id: 2,
  address1: 'Unter den Linden 5',
  address2: '3. OG',
});
