/** The part of SaxonJS 2 (npm `saxon-js`, no bundled types) the e-invoice tests use. */
declare module 'saxon-js' {
  interface TransformOptions {
    stylesheetInternal: unknown;
    sourceText: string;
    destination: 'serialized';
  }
  interface TransformResult {
    principalResult: string;
  }
  const SaxonJS: {
    transform(options: TransformOptions, mode: 'sync'): TransformResult;
  };
  export default SaxonJS;
}
