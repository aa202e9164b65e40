// The address book. Other features and the app use only what this file exports (ESLint's zones,
// decision 020); everything else in this folder is private to it.
import { lazyComponent } from '../../components/lazy';

/** The address book's screen (route /Address), loaded on demand. */
export const addressesPage = lazyComponent(() => import('./AddressesPage').then((m) => m.AddressesPage));

export { AddressFields, EMPTY_ADDRESS, isAddressField, type AddressFieldValues } from './AddressFields';
export { ADDRESSES_KEY, addressLine, addressSummary, countryLabel, useAddresses } from './api';
