import type { FactListRow } from '@/lib/facts/list-facts';
import { formatFactValue } from '@/lib/format';
import { getMetric } from '@/lib/ontology/metrics';
import type { ExportRow } from './export-rows';

const SCALE_NAME: Record<number, string> = { 0: 'units', 3: 'thousands', 5: 'lakh', 6: 'millions', 7: 'crore', 9: 'billions' };

/** A facts-browser row as an export row: the stored value in base units and the scale it was reported in. */
export function factExportRow(f: FactListRow): ExportRow {
  const prov = f.provenance as { table?: string; row?: string; column?: string; page?: number };
  return {
    ref: f.id.slice(0, 12),
    entity: f.entityName,
    ticker: '',
    measure: (f.metricId && getMetric(f.metricId)?.label) || f.concept,
    metric: f.metricId ?? '',
    value: f.value,
    display: formatFactValue(f),
    unit: f.unit,
    currency: f.currency ?? '',
    scale: SCALE_NAME[f.scale] ?? `10^${f.scale}`,
    periodType: f.periodType,
    periodStart: f.startDate ?? '',
    periodEnd: f.endDate,
    fiscalPeriod: f.fiscalYear ? `${f.fiscalPeriod ?? ''} FY${f.fiscalYear}`.trim() : '',
    basis: `v${f.version}${f.isLatest ? ' latest' : ''}${f.isOriginal ? ' original' : ''}`,
    formula: '',
    sourceForm: f.form ?? '',
    sourceAccession: f.accession ?? '',
    sourceTitle: f.sourceTitle,
    filedAt: f.filedAt,
    table: typeof prov?.table === 'string' ? prov.table : '',
    row: typeof prov?.row === 'string' ? prov.row : '',
    column: typeof prov?.column === 'string' ? prov.column : '',
    factIds: f.id,
    sourceIds: f.sourceId,
  };
}
