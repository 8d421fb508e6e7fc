import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { z } from './zod-setup';

/** docs/ARCHITECTURE.md#wire list query: `page`, `page_size`, `sort`, `order`, `q` plus the resource's filters. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  order: z.enum(['asc', 'desc']).default('desc'),
  q: z.string().trim().max(100).optional(),
});

export const listMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** True when `total` is above EXACT_TOTAL_LIMIT and therefore the planner's estimate, not a count. */
  totalEstimated: z.boolean().optional(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: listMetaSchema });
}
