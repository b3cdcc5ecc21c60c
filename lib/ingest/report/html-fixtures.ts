/**
 * An HTML annual report built in memory for tests: cover metadata, an MD&A passage and a profit and loss
 * statement table (revenue, excise duty, profit for two years, Indian digit grouping, ₹ in crore).
 */
export const ACME_GEARS_REPORT = `<!doctype html><html><head><title>Acme Gears Ltd — Annual Report 2025-26</title>
<meta name="ledgerline:entity" content="Acme Gears"><meta name="ledgerline:legal-name" content="Acme Gears Ltd">
<meta name="ledgerline:currency" content="INR"><meta name="ledgerline:document-type" content="Annual Report">
<meta name="ledgerline:filing-date" content="2026-05-15"></head><body>
<div data-page="4"><h2>Management Discussion and Analysis</h2><p>Revenue grew 12% in FY2026 on higher gearbox volumes for tractors.</p></div>
<div data-page="60"><p>Consolidated Statement of Profit and Loss for the year ended 31 March 2026</p><p>(₹ in crore)</p>
<table><tr><th>Particulars</th><th>Note</th><th>Year ended 31 March 2026</th><th>Year ended 31 March 2025</th></tr>
<tr><td>Revenue from operations</td><td>21</td><td>5,60,000.50</td><td>5,00,000.00</td></tr>
<tr><td>Excise duty</td><td></td><td>(1,234.00)</td><td>-</td></tr>
<tr><td>Profit for the year</td><td></td><td>42,000.00</td><td>40,000.00</td></tr></table></div></body></html>`;
