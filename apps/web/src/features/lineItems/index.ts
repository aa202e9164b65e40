// The catalogue of line items. Other features use only what this file exports (decision 020).
export { formatPrice } from './formatPrice';
export { LineItemDialog } from './LineItemDialog';
export { useLineItems } from './lineItemApi';
export { LineItemsPanel } from './LineItemsPanel';
