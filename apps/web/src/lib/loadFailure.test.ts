import { describe, expect, it } from 'vitest';
import { isLoadFailure } from './loadFailure';

describe('a chunk that could not download', () => {
  it('is recognised by what the browsers and Vite say', () => {
    expect(isLoadFailure(new TypeError('Failed to fetch dynamically imported module: http://x/assets/A-1.js'))).toBe(true); // Chromium
    expect(isLoadFailure(new TypeError('error loading dynamically imported module: http://x/assets/A-1.js'))).toBe(true); // Firefox
    expect(isLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true); // Safari
    expect(isLoadFailure(new Error('Unable to preload CSS for /assets/PrintPreviewModal-1.css'))).toBe(true); // Vite, a chunk with styles
  });

  it('is not any other error', () => {
    expect(isLoadFailure(new Error('a bug'))).toBe(false);
    expect(isLoadFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isLoadFailure('Failed to fetch dynamically imported module')).toBe(false);
  });
});
