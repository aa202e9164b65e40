import { z } from 'zod';

/**
 * Every zod issue carries an i18n key ("validation.required") as its message, so the server and the
 * web forms translate the same rule into the same text. Rules written in the contract pass their own
 * key; everything else gets one from the issue's kind here.
 */
export function issueKey(issue: {
  code: string;
  input?: unknown;
  origin?: string;
  format?: string;
  inclusive?: boolean;
  minimum?: unknown;
}): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.type';
    case 'too_small':
      // An empty field is missing before it is short: "required" says what to do.
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 || issue.input === '' ? 'validation.required' : 'validation.minLength';
      if (issue.origin === 'array') return 'validation.minItems';
      return issue.inclusive === false ? 'validation.minExclusive' : 'validation.min';
    case 'too_big':
      if (issue.origin === 'string') return 'validation.maxLength';
      if (issue.origin === 'array') return 'validation.maxItems';
      return 'validation.max';
    case 'invalid_format':
      if (issue.format === 'email') return 'validation.email';
      if (issue.format === 'date') return 'validation.date';
      return 'validation.pattern';
    case 'invalid_value':
      return 'validation.enum';
    case 'unrecognized_keys':
      return 'validation.unknownField';
    case 'not_multiple_of':
      return 'validation.integer';
    default:
      return 'validation.unknown';
  }
}

/** The parameters a validation text may interpolate ({{minimum}}, {{maximum}}). */
export function issueParams(issue: { minimum?: unknown; maximum?: unknown }): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (typeof issue.minimum === 'number' || typeof issue.minimum === 'bigint') params.minimum = Number(issue.minimum);
  if (typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint') params.maximum = Number(issue.maximum);
  return params;
}

z.config({ customError: (issue) => issueKey(issue) });
