import { translate, type PrintView } from '@faktura/shared';

/** A print label in the invoice's language (not the screen's). */
export type LabelOf = (key: string) => string;

/**
 * Labels come with the view, already in its language; the bundled print catalogue of the same
 * language covers a label an older server might not send.
 */
export function labelsOf(view: PrintView): LabelOf {
  return (key) => view.labels[key] ?? translate(view.language, `print.${key}`);
}

/** The non-empty parts joined, so a missing state or second address line leaves no stray comma. */
export function joined(parts: (string | null | undefined)[], separator = ', '): string {
  return parts.filter((part): part is string => Boolean(part?.trim())).join(separator);
}

/** "10000 Zagreb, Hrvatska" or "94105 San Francisco, CA, United States". */
export function placeLine(place: {
  zip: string;
  city: string;
  state?: string | null;
  country: string;
}): string {
  return joined([joined([place.zip, place.city], ' '), place.state, place.country]);
}

/** Only an inline PNG/JPEG/GIF is shown: an address here would make the browser fetch from elsewhere. */
export function isInlineImage(url: string | undefined): url is string {
  return url !== undefined && /^data:image\/(png|jpeg|gif);base64,/i.test(url);
}
