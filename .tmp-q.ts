import { openDatabase } from '@/lib/db/client';
const d = await openDatabase({ dataDir: process.argv[2]! });
for (const q of process.argv.slice(3)) console.table(await d.query(q));
await d.close();
