/** The address module's public surface: other modules import only this file (an ESLint zone). */
export { addressRoutes } from './address.routes';
export { addressAuditFields, addressById, addressesById, createAddress, discardAddress, updateAddress } from './address.service';
