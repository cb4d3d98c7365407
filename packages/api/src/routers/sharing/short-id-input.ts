import { shortIdSchema } from '@reelsmith/shared';
import { z } from 'zod';

/** A share link's id, as the public share calls take it. */
export const shortIdInput = z.object({ shortId: shortIdSchema }).strict();
