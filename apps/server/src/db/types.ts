import type { Database } from './client';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Database | Tx;
