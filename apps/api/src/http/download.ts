/** The `Content-Disposition` of a file answer: an ASCII name for old clients, the UTF-8 one beside it. */
export const attachmentHeader = (name: string): string =>
  `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
