/** Types of scripts/buildStamp.mjs, for the benchmark that imports it. */
export declare const root: string;
export declare const OUTPUTS: string[];
export interface BuildInputs {
  hash: string;
  files: number;
}
export declare function inputsHash(base?: string): BuildInputs;
export declare function upToDate(current: BuildInputs, base?: string): boolean;
export declare function writeStamp(current: BuildInputs, base?: string): void;
