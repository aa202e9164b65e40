export * from './contract';
export * from './domain/country';
export * from './domain/oib';
export * from './domain/iban';
export * from './domain/money';
export * from './domain/joppd';
export * from './i18n';
