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
  interface XPathOptions {
    params?: Record<string, unknown>;
    namespaceContext?: Record<string, string>;
    resultForm?: 'default' | 'array' | 'iterator';
  }
  const SaxonJS: {
    transform(options: TransformOptions, mode: 'sync'): TransformResult;
    XPath: {
      evaluate(xpath: string, contextItem: unknown, options?: XPathOptions): unknown;
    };
  };
  export default SaxonJS;
}
