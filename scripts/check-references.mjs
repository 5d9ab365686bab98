// `node scripts/check-references.mjs` (part of `npm run lint`, so `npm test` runs it): every reference
// in the git-tracked text files resolves inside the checkout. Exits 1 and lists `file:line: what is
// wrong` when one does not. What it refuses (docs/testing.md 'References'):
//   - an issue-number citation ("issue" or "Issue #" with a number; a URL to another project's issue
//     tracker is fine): the why of a rule lives in docs/decisions.md, not in a tracker;
//   - `decisions.md#<anchor>` whose heading is missing in docs/decisions.md, or `§N` (and the
//     `, §M` / ` and §M` after it) whose numbered item is missing under that heading;
//   - a spec section (`000 §2.4`, `001 §5`, and the `, §M` after it) without its heading in
//     docs/spec-map.md;
//   - a mention of the two design documents or of the shared folder that lived beside the checkout:
//     a relative path to a `shared` folder, bare or into its spec/, hooks/ or documents, that does
//     not name a folder of the checkout (web/shared from web/e2e is fine, and so is a path into
//     web/shared's own folders such as lib/ or config/);
//   - a relative link of a markdown file, a `docs/<name>.md` path or a bare name of one of the docs
//     (architecture.md, decisions.md, operations.md, spec-map.md, testing.md, features.md) naming a
//     file that does not exist;
//   - a section of one of those docs named in quotes after its name (`architecture.md 'Errors'`,
//     `operations.md, 'Production storage'`) without a heading that reads so (or starts so).
// Binary files (a NUL byte in the first 8 KB), package-lock.json and this check's own test (its
// fixtures are broken on purpose) are not read.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Files never read: generated, not text, or this check's own test (whose fixtures are broken on purpose). */
const skipped = [
  /(^|\/)package-lock\.json$/,
  /\.(png|jpe?g|gif|webp|ico|mp3|mp4|webm|mov|woff2?|ttf|pdf|xlsx|zip|gz)$/i,
  /^server\/test\/check-references\.test\.ts$/,
];

/** The docs a bare name may point at (resolved under docs/). */
const docNames = ['architecture', 'decisions', 'operations', 'spec-map', 'testing', 'features'];

/** The GitHub anchor of a markdown heading's text: lower case, punctuation dropped, spaces to '-'. */
export function slugOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * The headings of a markdown text with the numbered items under each: a map from anchor to the
 * set of item numbers ("3" for a line `3. **Title.** text` or a heading `### §3 Title`) between
 * the heading and the next heading of the same or a higher level, sub-headings included (an item
 * under `### Files` of `## Hardening` is an item of both). Repeated anchors get GitHub's `-1`,
 * `-2` suffixes.
 */
export function headingsOf(markdown) {
  const sections = new Map();
  const open = []; // [{level, items}] of the headings that enclose the current line
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const level = heading[1].length;
      while (open.length > 0 && open[open.length - 1].level >= level) open.pop();
      const items = new Set();
      let anchor = slugOf(heading[2]);
      for (let n = 1; sections.has(anchor); n += 1) anchor = `${slugOf(heading[2])}-${n}`;
      sections.set(anchor, items);
      const numbered = /^§(\d+)\b/.exec(heading[2]);
      if (numbered) for (const enclosing of open) enclosing.items.add(numbered[1]);
      open.push({ level, items });
      continue;
    }
    const item = /^\s{0,3}(\d+)\.\s/.exec(line);
    if (item) for (const enclosing of open) enclosing.items.add(item[1]);
  }
  return sections;
}

/** `§2.4` (after a spec number or an anchor) and the `, §5` / ` and §6` / `/§7` that follow it. */
const sectionList = String.raw`§(\d+(?:\.\d+)*)((?:\s*(?:,|;|\/|and|or|&)?\s*§\d+(?:\.\d+)*)*)`;
const followers = /§(\d+(?:\.\d+)*)/g;

const patterns = {
  issue: /\bissues?[\s#-]*#?\d+/gi,
  outside: /\b(?:DECISIONS|DESIGN)\.md\b/g,
  shared: /(?<![\w.])((?:\.\.\/)+shared)(?![\w-])(?!\/(?!spec\b|hooks\b|DESIGN|DECISIONS|README))/g,
  decisions: new RegExp(String.raw`decisions\.md#([a-z0-9-]+)(?:\s+${sectionList})?`, 'g'),
  spec: new RegExp(String.raw`\b(00[01])\s+${sectionList}`, 'g'),
  docPath: /(?<![\w./-])docs\/([\w./-]+?\.md)\b/g,
  docName: new RegExp(String.raw`(?<![\w./-])(${docNames.join('|')})\.md\b`, 'g'),
  link: /!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
  quoted: new RegExp(String.raw`\b(${docNames.join('|')})\.md\)?,? '([^']+)'`, 'g'),
};

/** The text of every heading of a markdown text. */
function headingTexts(markdown) {
  return [...markdown.matchAll(/^#{1,6}\s+(.*?)\s*#*\s*$/gm)].map((m) => m[1]);
}

/** The numbers of `§a, §b and §c` captured by `sectionList` (the first and its followers). */
function sectionsIn(first, rest) {
  return [first, ...[...(rest ?? '').matchAll(followers)].map((m) => m[1])];
}

/**
 * Checks the files `files` (paths relative to `root`, '/'-separated) and answers the problems
 * found, each `{file, line, message}` with a 1-based line, in file and line order. Reads
 * docs/decisions.md and docs/spec-map.md under `root`; a missing one makes every reference to it
 * a problem.
 */
export function checkReferences(root, files) {
  const read = (file) => {
    const full = path.join(root, file);
    return existsSync(full) ? readFileSync(full, 'utf8') : null;
  };
  const decisionsText = read('docs/decisions.md');
  const decisions = decisionsText === null ? null : headingsOf(decisionsText);
  const specText = read('docs/spec-map.md');
  const specSections = new Set();
  if (specText !== null)
    for (const match of specText.matchAll(/^#{1,6}\s+(00[01])\s+§(\d+(?:\.\d+)*)(?=\s|$)/gm))
      specSections.add(`${match[1]} §${match[2]}`);

  const docHeadings = new Map();
  const headingsOfDoc = (doc) => {
    if (!docHeadings.has(doc)) {
      const docText = read(`docs/${doc}.md`);
      docHeadings.set(doc, docText === null ? null : headingTexts(docText));
    }
    return docHeadings.get(doc);
  };

  const problems = [];
  for (const file of files) {
    if (skipped.some((pattern) => pattern.test(file))) continue;
    const full = path.join(root, file);
    if (!existsSync(full)) continue;
    const bytes = readFileSync(full);
    if (bytes.subarray(0, 8192).includes(0)) continue;
    const lines = bytes.toString('utf8').split('\n');
    const isMarkdown = /\.md$/i.test(file);
    lines.forEach((text, index) => {
      const report = (message) => problems.push({ file, line: index + 1, message });

      for (const match of text.matchAll(patterns.issue))
        report(`cites an issue number ('${match[0]}'): cite docs/decisions.md instead`);

      for (const match of text.matchAll(patterns.outside))
        report(`names '${match[0]}', outside the checkout: cite docs/ instead`);

      // A relative path to a `shared` folder is fine when that folder is in the checkout (web/shared).
      // Paths into other subfolders (`../../shared/lib/…`, relative to a file a test imagines) are
      // the web's own and are not matched at all.
      for (const match of text.matchAll(patterns.shared)) {
        const target = path.relative(root, path.join(root, path.dirname(file), match[1]));
        if (target.startsWith('..') || !existsSync(path.join(root, target)))
          report(`names '${match[1]}', outside the checkout: cite docs/ instead`);
      }

      for (const match of text.matchAll(patterns.decisions)) {
        const [, anchor, first, rest] = match;
        if (decisions === null) {
          report(`cites decisions.md#${anchor}, but docs/decisions.md is missing`);
          continue;
        }
        const items = decisions.get(anchor);
        if (!items) {
          report(`cites decisions.md#${anchor}: no such heading in docs/decisions.md`);
          continue;
        }
        if (first === undefined) continue;
        for (const number of sectionsIn(first, rest))
          if (!items.has(number))
            report(`cites decisions.md#${anchor} §${number}: no item ${number} under that heading`);
      }

      for (const match of text.matchAll(patterns.spec)) {
        const [, spec, first, rest] = match;
        for (const number of sectionsIn(first, rest))
          if (!specSections.has(`${spec} §${number}`))
            report(`cites ${spec} §${number}: no heading '${spec} §${number}' in docs/spec-map.md`);
      }

      for (const match of text.matchAll(patterns.docPath))
        if (!existsSync(path.join(root, 'docs', match[1])))
          report(`names docs/${match[1]}, which does not exist`);

      for (const match of text.matchAll(patterns.docName))
        if (!existsSync(path.join(root, 'docs', `${match[1]}.md`)))
          report(`names ${match[0]}, but docs/${match[1]}.md does not exist`);

      for (const match of text.matchAll(patterns.quoted)) {
        const [, doc, quote] = match;
        const headings = headingsOfDoc(doc);
        if (headings === null) continue; // the missing file is reported above
        const found = headings.some(
          (h) => h === quote || (h.startsWith(quote) && /^[\s:(,]/.test(h.slice(quote.length))),
        );
        if (!found)
          report(`names section '${quote}' of ${doc}.md: no such heading in docs/${doc}.md`);
      }

      if (isMarkdown)
        for (const match of text.matchAll(patterns.link)) {
          const target = match[1];
          if (/^([a-z][a-z0-9+.-]*:|#|\/)/i.test(target)) continue; // a URL, an anchor, a site path
          const relative = decodeURIComponent(target.replace(/[#?].*$/, ''));
          if (!existsSync(path.join(root, path.dirname(file), relative)))
            report(`links to ${target}, which does not exist`);
        }
    });
  }
  return problems;
}

/** The git-tracked files of the checkout at `root`. */
export function trackedFiles(root) {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, maxBuffer: 64 * 1024 * 1024 })
    .toString('utf8')
    .split('\0')
    .filter(Boolean);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkReferences(root, trackedFiles(root));
  for (const { file, line, message } of problems) console.error(`${file}:${line}: ${message}`);
  if (problems.length > 0) {
    console.error(`check-references: ${problems.length} broken reference(s)`);
    process.exit(1);
  }
  console.log('check-references: every reference resolves');
}
