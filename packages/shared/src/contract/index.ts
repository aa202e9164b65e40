export * from './common';
export * from './messages';
export * from './health';
export * from './auth';
export * from './address';
export * from './company';
export * from './lineItem';
export * from './settings';
