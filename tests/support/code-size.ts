/**
 * Size measures of product code for the ratchet in tests/code-rules.test.ts, read with the TypeScript
 * compiler's parser (no type checking): lines per file, lines per function (declarations, methods,
 * accessors, constructors, function expressions and arrow functions; a nested function counts on its
 * own and inside its parent), and non-null assertions (`x!`) per file.
 *
 * A function is named by its path of enclosing names, e.g. `bindValue`, `ReportReader.read`,
 * `layoutPage.<arrow>` (an arrow passed as an argument takes its parent's name); a second function of
 * the same path in one file gets `#2`, and so on.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT, productFiles } from './product-files';

export const MAX_FILE_LINES = 800;
export const MAX_FUNCTION_LINES = 150;
/** The frozen list: today's offenders and the non-null total, which may only shrink. */
export const FROZEN_PATH = path.join(ROOT, 'tests', 'code-size.frozen.json');

export interface FunctionSize {
  name: string;
  line: number;
  lines: number;
}

export interface FileSize {
  file: string;
  lines: number;
  functions: FunctionSize[];
  nonNull: number;
}

export interface Frozen {
  files: Record<string, number>;
  functions: Record<string, number>;
  nonNullTotal: number;
}

/** Product files the ratchet measures: lib, app and components, tests excluded. */
export function measuredFiles(): string[] {
  return [...productFiles('lib'), ...productFiles('app'), ...productFiles('components')].sort();
}

function nameOf(node: ts.Node, sf: ts.SourceFile): string | null {
  if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node)) {
    return node.name ? node.name.getText(sf) : null;
  }
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) return node.name ? node.name.getText(sf) : null;
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
    if (ts.isFunctionExpression(node) && node.name) return node.name.getText(sf);
    const p = node.parent;
    if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) return p.name.getText(sf);
    return ts.isArrowFunction(node) ? '<arrow>' : '<function>';
  }
  return null;
}

function isFunctionLike(node: ts.Node): boolean {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isGetAccessor(node) ||
    ts.isSetAccessor(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node)
  );
}

/** Measures one source text (`file` is only its name, for the parser's dialect and the result). */
export function measureSource(file: string, text: string): FileSize {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const functions: FunctionSize[] = [];
  const seen = new Map<string, number>();
  let nonNull = 0;
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node: ts.Node, scope: string[]) => {
    if (node.kind === ts.SyntaxKind.NonNullExpression) nonNull++;
    let inner = scope;
    const named = nameOf(node, sf);
    if (isFunctionLike(node)) {
      const base = [...scope, named ?? '<function>'].join('.');
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      const name = n === 1 ? base : `${base}#${n}`;
      const start = lineOf(node.getStart(sf));
      functions.push({ name, line: start, lines: lineOf(node.getEnd()) - start + 1 });
      inner = [...scope, named ?? '<function>'];
    } else if (named) inner = [...scope, named];
    ts.forEachChild(node, (c) => visit(c, inner));
  };
  visit(sf, []);
  const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
  return { file, lines, functions, nonNull };
}

export function measureFile(file: string): FileSize {
  return measureSource(file, fs.readFileSync(path.join(ROOT, file), 'utf8'));
}

export function readFrozen(): Frozen {
  return JSON.parse(fs.readFileSync(FROZEN_PATH, 'utf8')) as Frozen;
}

/** The key of a function in the frozen list. */
export const functionKey = (file: string, name: string) => `${file} › ${name}`;
