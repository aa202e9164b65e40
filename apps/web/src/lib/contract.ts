/**
 * The contract schemas the HTTP client and the sign-in check answers with. They are imported on
 * demand (`await import('./contract')`) where an answer is checked, so zod is not part of the first
 * download of every screen; screens with forms load it with their own code.
 */
export { errorBodySchema, profileSchema, tokenSchema } from '@faktura/shared';
