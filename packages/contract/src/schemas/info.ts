/** GET /info answer (000 §3 'System info', §7; decisions.md#console-details). */
import { z } from 'zod';

/** Version, the two store links and the marketing page shown at `/`. */
export const infoSchema = z.object({
  version: z.string(),
  iosLink: z.string(),
  androidLink: z.string(),
  marketingUrl: z.string(),
});
export type Info = z.infer<typeof infoSchema>;
