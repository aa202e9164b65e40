/** The catalogue's public surface: other modules import only this file (an ESLint zone). */
export { lineItemRoutes } from './lineItem.routes';
export { type LineItemValues, addLineItem, getLineItems } from './lineItem.service';
