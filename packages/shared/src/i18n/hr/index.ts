import { hrFirst } from './first';
import { hrRest } from './rest';

/**
 * The Croatian catalogue whole, as the server and the tests use it. The web app loads it in two parts
 * (`./first`, `./rest`), only for the language it shows.
 */
export const hr = { ...hrFirst, ...hrRest } as const;
