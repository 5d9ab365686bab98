/** Types of check-references.mjs (every reference of the checkout resolves inside it; docs/testing.md 'References'). */
export interface ReferenceProblem {
  /** The file, relative to the root, '/'-separated. */
  file: string;
  /** 1-based line. */
  line: number;
  /** What is wrong, e.g. "links to ../gone.md, which does not exist". */
  message: string;
}
/** The GitHub anchor of a markdown heading's text. */
export declare function slugOf(heading: string): string;
/** Each heading's anchor with the item numbers ("3") listed under it. */
export declare function headingsOf(markdown: string): Map<string, Set<string>>;
/** The broken references of `files` (relative to `root`), in file and line order. */
export declare function checkReferences(root: string, files: readonly string[]): ReferenceProblem[];
/** The git-tracked files of the checkout at `root`. */
export declare function trackedFiles(root: string): string[];
