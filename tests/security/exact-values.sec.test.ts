/**
 * companyfacts values beyond 2^53 or with 39 digits must not lose precision, nor 5e-324 become 0 (as
 * through a double). They are read from the JSON text, stored exactly (numeric) and read back digit for digit;
 * a value no column could hold exactly refuses the file with a typed error instead of being rounded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { ingestBytes } from '@/lib/ingest/ingest-file';
import { noSideFiles } from '@/lib/ingest/side-files';
import { testTargets } from '@/tests/support/db';

const TENANT = 'exact';
const VALUES = {
  Revenues: '123456789012345678901234567890123456789',
  Assets: '9007199254740993',
  EarningsPerShareBasic: '5e-324',
  Liabilities: '-1.5E+3',
};
const EXPECTED: Record<string, string> = {
  Revenues: '123456789012345678901234567890123456789',
  Assets: '9007199254740993',
  EarningsPerShareBasic: `0.${'0'.repeat(323)}5`,
  Liabilities: '-1500',
};

function companyfacts(values: Record<string, string>): Buffer {
  const concepts = Object.entries(values).map(([name, val]) => {
    const unit = name === 'EarningsPerShareBasic' ? 'USD/shares' : 'USD';
    return `"${name}": {"label": "${name}", "units": {"${unit}": [{"end": "2024-12-31", "start": "2024-01-01", "val": ${val}, "filed": "2025-01-31", "form": "10-K", "accn": "0000000099-25-000001", "fy": 2024, "fp": "FY"}]}}`;
  });
  return Buffer.from(`{"cik": 99, "entityName": "Exact Values Inc", "facts": {"us-gaap": {${concepts.join(', ')}}}}`);
}

for (const target of testTargets()) {
  describe(`exact companyfacts values (${target.name})`, () => {
    let d: Database;
    beforeAll(async () => {
      d = await target.open();
    });
    afterAll(async () => {
      await d?.close();
    });

    it('values beyond 2^53, with 39 digits or as small as 5e-324 are stored and read back exactly', async () => {
      const o = await ingestBytes(companyfacts(VALUES), 'CIK0000000099_EXACT_companyfacts.json', {
        db: d.db,
        tenantId: TENANT,
        actor: 'test',
        sideFiles: noSideFiles,
      });
      expect(o.error).toBeNull();
      const rows = await d.query<{ concept: string; value: string }>(
        'select concept, value::text as value from facts where tenant_id = $1',
        [TENANT],
      );
      const got = Object.fromEntries(
        rows.map((r) => [r.concept.replace('us-gaap:', ''), r.value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '')]),
      );
      expect(got).toEqual(EXPECTED);
    });

    it('a value that cannot be stored exactly refuses the file with a typed error; nothing is stored rounded', async () => {
      const o = await ingestBytes(companyfacts({ Revenues: '1e5000' }), 'CIK0000000098_HUGE_companyfacts.json', {
        db: d.db,
        tenantId: 'exact-huge',
        actor: 'test',
        sideFiles: noSideFiles,
      });
      expect(o.error?.code).toBe('bad_request:value_out_of_range');
      expect(await d.query('select 1 from facts where tenant_id = $1', ['exact-huge'])).toEqual([]);
    });
  });
}
