import { ROLES } from './roles';
import { z } from './zod-setup';

/** `GET /admins/options`: the admins a select may offer (e.g. a branch's manager). */
export const adminOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  loginId: z.string(),
  role: z.enum(ROLES),
});
export type AdminOption = z.infer<typeof adminOptionSchema>;
export const adminOptionsResponseSchema = z.object({ data: z.array(adminOptionSchema) });
