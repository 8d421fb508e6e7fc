import { z } from 'zod';

/** Zod's own messages in Korean, for every schema on both sides. */
z.config(z.locales.ko());

export { z };
