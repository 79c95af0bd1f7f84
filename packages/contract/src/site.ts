import { z } from 'zod';

/** Settings any visitor may read: whom to contact (the server's SUPPORT_EMAIL, SUPPORT_PHONE). */
export const publicConfigResponseSchema = z.object({
  supportEmail: z.string().describe('Shown in the contact popover and the landing contact section'),
  supportPhone: z.string().describe('Human-formatted phone number, e.g. +91 98765 43210'),
});
export type PublicConfig = z.infer<typeof publicConfigResponseSchema>;
