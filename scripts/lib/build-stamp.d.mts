/** Types of build-stamp.mjs (the build stamp of `npm start`, decisions.md#console-flows §18). */
export declare const buildInputs: readonly string[];
export declare const buildOutputs: readonly string[];
export declare const stampPath: string;
/** SHA-256 (hex) over the build's input files under `root`. */
export declare function hashBuildInputs(root: string): string;
/** Whether the build under `root` carries the stamp of `hash` and has every output. */
export declare function buildIsCurrent(root: string, hash: string): boolean;
/** Writes the stamp of a build made from inputs with `hash`. */
export declare function writeStamp(root: string, hash: string): void;
