/** The address module's public surface: other modules import only this file (an ESLint zone). */
export { addressRoutes } from './address.routes';
export { addressById, addressesById, createAddress, updateAddress } from './address.service';
