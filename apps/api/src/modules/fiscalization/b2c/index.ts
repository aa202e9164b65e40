/**
 * Fiscalization of invoices to consumers and of cash or card invoices ("Fiskalizacija 1.0",
 * `RacunZahtjev`, ZKI, JIR, QR; issue 30, decision 031). Not yet wired into issuing invoices.
 */
export { type B2cExchangeResult, fiscalizeB2cInvoice, readRacunOdgovor } from './exchange';
export { type B2cInvoice, B2cInputError, type B2cPaymentMethod, type B2cVat, assertFiscalizable, racunZahtjevEnvelope, zkiPayload } from './racun';
export { QR_MIN_QUIET_ZONE_MM, QR_MIN_SIZE_MM, type VerificationData, verificationQrPng, verificationQrSvg, verificationUrl } from './qr';
export { computeZki } from './zki';
