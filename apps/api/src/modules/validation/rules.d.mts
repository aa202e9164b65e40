export interface SchemaFile {
  fileName: string;
  contents: string;
}
export interface ValidationReport {
  xsd: string[];
  en16931: string[];
  hrCius: string[];
}
export function schemaFiles(schemaDir: string): SchemaFile[];
export function fatalFailures(svrl: string): string[];
export function createRules(input: { en16931: unknown; hrCius: unknown; schemas: SchemaFile[] }): { validate(xml: string): Promise<ValidationReport> };
