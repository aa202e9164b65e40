/** The address module's public surface: other modules import only this file (an ESLint zone). */
export { addressRoutes } from './address.routes';
export { toAddress } from './address.service';
export { type AddressRow, findAddress, findAddresses, insertAddress, updateAddress } from './address.repository';
