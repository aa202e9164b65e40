/** The original XML's file name, as its download gives it and the accountant's zip keeps it: `<supplier OIB>-<number>.xml`. */
export const originalFileName = (supplierOib: string | null, number: string) =>
  `${`${supplierOib ?? 'dobavljac'}-${number}`.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120)}.xml`;
