export * from './contract';
export * from './domain/country';
export * from './domain/countrySearch';
export * from './domain/oib';
// The codes only; names and search (about 800 kB) come from '@faktura/shared/kpd'.
export * from './domain/kpdCode';
export * from './domain/iban';
export * from './domain/money';
export * from './domain/joppd';
export * from './domain/totals';
export * from './domain/reference';
export * from './domain/dates';
export * from './domain/vat';
export * from './domain/einvoice';
export * from './domain/numbering';
export * from './domain/hub3';
export * from './domain/epc';
export * from './i18n';
