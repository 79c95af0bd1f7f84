import type { PublicConfig } from '@grasp/contract';
import type { Config } from '../../config/config.ts';

/** What any visitor may know about this instance; nothing secret ever goes here. */
export function createSiteService(deps: {
  config: Pick<Config, 'SUPPORT_EMAIL' | 'SUPPORT_PHONE'>;
}) {
  const publicConfig: PublicConfig = {
    supportEmail: deps.config.SUPPORT_EMAIL,
    supportPhone: deps.config.SUPPORT_PHONE,
  };
  return { publicConfig: (): PublicConfig => publicConfig };
}
export type SiteService = ReturnType<typeof createSiteService>;
