// Comments cite documents that are in the repository (docs/README.md): a newcomer who clones it
// can read every one. This keeps it so: no citation of documents outside the repository or of
// issue numbers, and every docs/… file a source names exists.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['src', 'tests', 'scripts', 'bench', '.ci'];
const EXTENSIONS = /\.(ts|tsx|mts|mjs|cjs|js|sh|css|html)$|^run$/;

function sources(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(p);
      } else if (EXTENSIONS.test(entry.name)) {
        found.push(p);
      }
    }
  };
  for (const folder of FOLDERS) if (fs.existsSync(path.join(root, folder))) walk(path.join(root, folder));
  for (const file of fs.readdirSync(root)) if (/\.(ts|js|mjs)$/.test(file)) found.push(path.join(root, file));
  return found.filter((p) => p !== import.meta.filename);
}

// Documents that live outside the repository, and the issue tracker's numbers.
const OUTSIDE =
  /spec section|\bthe spec\b|\bthe original\b|\bDESIGN\.md\b|\bCONVENTIONS(\.md)?\b|\bspec\.md\b|\.\.\/shared\/(?!.*\.js')|\bissue #?\d+/i;

describe('comments and the documents they cite', () => {
  const files = sources();

  it('reads the whole tree (the walk itself works)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.endsWith(path.join('src', 'server', 'app.ts')))).toBe(true);
  });

  it('cites no document outside the repository and no issue number', () => {
    const offending: string[] = [];
    for (const file of files) {
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(import|export)\b.*from\s+'/.test(line)) return;
          if (OUTSIDE.test(line)) offending.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offending).toEqual([]);
  });

  it('names only docs/ files that exist', () => {
    const missing: string[] = [];
    for (const file of files) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/\bdocs\/[\w./-]+\.md\b/g)) {
        if (!fs.existsSync(path.join(root, match[0]))) missing.push(`${path.relative(root, file)}: ${match[0]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('dates every decision record and gives its status, numbered once each', () => {
    const dir = path.join(root, 'docs', 'decisions');
    const records = fs.readdirSync(dir).filter((f) => f.endsWith('.md'));
    expect(records.length).toBeGreaterThan(10);
    const undated = records.filter(
      (f) =>
        !/^Date: \d{4}-\d{2}-\d{2}\. Status: (Accepted|Proposed|Superseded)\b/m.test(
          fs.readFileSync(path.join(dir, f), 'utf8'),
        ),
    );
    expect(undated).toEqual([]);
    const numbers = records.map((f) => f.slice(0, 3));
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
  });

  it('names every server folder and every client feature in docs/architecture.md', () => {
    const architecture = fs.readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');
    const folders = (dir: string) =>
      fs
        .readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => `${dir}/${e.name}/`);
    const unnamed = [...folders('src/server'), ...folders('src/client/features')].filter(
      (folder) => !architecture.includes(`\`${folder}\``),
    );
    expect(unnamed).toEqual([]);
  });
});
