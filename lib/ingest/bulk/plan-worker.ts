/** A planning thread of the bulk loader (plan-pool.ts): answers plan requests until the pool closes it. */
import { servePlans } from './plan-pool';

servePlans();
