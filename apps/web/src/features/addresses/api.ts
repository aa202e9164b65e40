import useSWR from 'swr';
import { countryName, type Address, type addressInputSchema } from '@faktura/shared';
import type { z } from 'zod';
import { http, swrFetcher } from '../../lib/http';

/** The SWR key of the address list; other screens that show addresses revalidate it too. */
export const ADDRESSES_KEY = '/api/v1/address';

/** What the address form sends: the contract's input after parsing (trimmed, upper-case code). */
export type AddressPayload = z.output<typeof addressInputSchema>;

export function useAddresses() {
  return useSWR<Address[], Error>(ADDRESSES_KEY, swrFetcher<Address[]>);
}

export const createAddress = (input: AddressPayload) => http.post<Address>(ADDRESSES_KEY, input);

export const updateAddress = (id: number, input: AddressPayload) =>
  http.put<Address>(`${ADDRESSES_KEY}/${id}`, input);

export const deleteAddress = (id: number) => http.delete<{ id: number }>(`${ADDRESSES_KEY}/${id}`);

/**
 * The country's name in the language on screen. The API names it in the language of the request,
 * but the list is cached across a language switch, so the name is derived from the code here.
 */
export function countryLabel(address: Pick<Address, 'country' | 'countryCode'>, language: string): string {
  return address.countryCode ? countryName(address.countryCode, language) : address.country;
}

/** One line that identifies an address in pickers and confirmations: "Ilica 1, 10000 Zagreb (HR)". */
export function addressLine(address: Pick<Address, 'address1' | 'zip' | 'city' | 'countryCode'>): string {
  return `${address.address1}, ${address.zip} ${address.city} (${address.countryCode})`;
}

/** The whole address in one line with the country's name: "Ilica 1, 10000 Zagreb, Hrvatska". */
export function addressSummary(address: Address, language: string): string {
  const street = address.address2 ? `${address.address1}, ${address.address2}` : address.address1;
  const region = address.state ? `, ${address.state}` : '';
  return `${street}, ${address.zip} ${address.city}${region}, ${countryLabel(address, language)}`;
}
