import { PRODUCT_NAME } from '@grasp/contract';

export interface RelyingParty {
  /** The RP ID: the host, or a domain it belongs to, that credentials are bound to. */
  id: string;
  name: string;
  /** The only origin a ceremony may come from: PUBLIC_URL's. */
  origin: string;
}

/** The relying party of PUBLIC_URL; config checks that an RP ID override fits its host. */
export function relyingPartyOf(publicUrl: string, rpId?: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: rpId ?? url.hostname, name: PRODUCT_NAME, origin: url.origin };
}
