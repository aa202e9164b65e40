/**
 * How long the object URL outlives the click. Browsers start reading it after the click returns
 * (Firefox noticeably later), so revoking at once could cancel the download.
 */
const REVOKE_AFTER_MS = 1000;

/** Hands a downloaded file to the browser's "save" through a temporary `<a download>`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  // Some browsers ignore clicks on links that are not in the document.
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
