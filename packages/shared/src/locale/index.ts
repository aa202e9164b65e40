// Formatters shared by the web and print, so a screen and the paper say things the same way.
export * from './countries';
export * from './dates';
export * from './money';
export * from './params';
export * from './plural';
