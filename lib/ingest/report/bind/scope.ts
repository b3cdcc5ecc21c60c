/**
 * Scope and version: what the column, the section, the table or the document says a figure covers
 * (consolidated, standalone, a segment's scope) and which version of it this is (as restated; "as
 * previously reported" figures are superseded in the document and quarantined, UNVERIFIED_RESTATEMENT).
 */
import { scopeIn, versionIn } from '../periods';
import { quarantined, type Rule } from './types';

/** The column's scope, else its section's, the table's, the document's; consolidated when none says. */
export const scopeOfCell: Rule = ({ row, rc, ctx, colText }) => ({
  set: { scope: scopeIn(colText) ?? scopeIn(row.sectionPath.join(' ')) ?? rc.tableScope ?? ctx.scope ?? 'consolidated' },
});

/** "Restated" columns are marked; "As previously reported" columns are superseded figures. */
export const versionOfColumn: Rule = ({ colText }) => {
  const version = versionIn(colText);
  if (version === 'restated') return { labels: { restated: true } };
  if (version === 'previously_reported')
    return {
      ...quarantined('UNVERIFIED_RESTATEMENT', 'an "as previously reported" figure, superseded in this document'),
      labels: { previouslyReported: true },
    };
  return null;
};
