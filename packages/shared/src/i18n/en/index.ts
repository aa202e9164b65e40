import { enFirst } from './first';
import { enRest } from './rest';

/**
 * The English catalogue whole, as the server and the tests use it. The web app loads it in two parts
 * (`./first`, `./rest`), only for the language it shows.
 */
export const en = { ...enFirst, ...enRest } as const;
