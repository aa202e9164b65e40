/** E-invoice delivery through the intermediary (issue 32): Settings > E-invoice delivery, the invoice's status, its send action. */
export { DeliveryTab } from './DeliveryTab';
export { DeliverySection, DeliveryStatusBadge } from './DeliverySection';
export { BuyerRejectedBadge, BuyerRejectionSection } from './BuyerRejection';
export { useSendEInvoice } from './useSendEInvoice';
