import { z } from 'zod';
import { koreanErrorMap } from './zod-korean';

/**
 * Our Korean messages for every schema on both sides. `customError` rather than a locale: it outranks any
 * `localeError` set later, and still yields to a message a schema or a parse sets itself.
 */
z.config({ customError: koreanErrorMap });

export { z };
