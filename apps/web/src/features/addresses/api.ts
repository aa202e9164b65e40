import { countryName, endpoints, type Address, type addressInputSchema } from '@faktura/shared';
import type { z } from 'zod';
import { api, apiKey, useApi } from '../../lib/api';

const address = endpoints.address;

/** The SWR key of the address list; other screens that show addresses revalidate it too. */
export const ADDRESSES_KEY = apiKey(address.list);

/** What the address form sends: the contract's input after parsing (trimmed, upper-case code). */
export type AddressPayload = z.output<typeof addressInputSchema>;

export function useAddresses() {
  return useApi(address.list);
}

export const createAddress = (input: AddressPayload) => api(address.create, { body: input });

export const updateAddress = (id: number, input: AddressPayload) => api(address.update, { params: { id }, body: input });

export const deleteAddress = (id: number) => api(address.remove, { params: { id } });

/**
 * The country's name in the language on screen, from its code by the shared formatter: answers
 * name countries in Croatian whatever the language (issue 11), and a switch refetches nothing.
 */
export function countryLabel(address: Pick<Address, 'countryCode'>, language: string): string {
  return countryName(address.countryCode, language);
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
