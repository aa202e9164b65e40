/** The catalogue's public surface: other modules import only this file (an ESLint zone). */
export { lineItemRoutes } from './lineItem.routes';
export { getLineItems } from './lineItem.service';
export { type LineItemValues, insertLineItem } from './lineItem.repository';
