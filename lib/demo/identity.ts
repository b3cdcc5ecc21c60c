/** The demo tenant and its three accounts (one per role). Only the seed, the CLI and the first-start hook use them. */
export const DEMO_TENANT_ID = 'demo';
export const DEMO_USERS = [
  { id: 'demo-analyst', email: 'analyst@demo.ledgerline.local', name: 'Demo Analyst', role: 'analyst' as const },
  { id: 'demo-reviewer', email: 'reviewer@demo.ledgerline.local', name: 'Demo Reviewer', role: 'reviewer' as const },
  { id: 'demo-admin', email: 'admin@demo.ledgerline.local', name: 'Demo Admin', role: 'admin' as const },
];
