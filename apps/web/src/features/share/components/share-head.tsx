import { PRODUCT_NAME, type SharedExplanationView } from '@grasp/contract';
import { firstSentence } from '../lib/description.ts';

/**
 * The head of a share page: its title, a canonical address, `noindex` unless the owner made it
 * public, and the Open Graph and Twitter card tags chat apps read for a link preview.
 */
export function ShareHead({ view }: { view: SharedExplanationView }) {
  const description = firstSentence(view.response, view.query);
  return (
    <>
      <title>{`${view.query} · ${PRODUCT_NAME}`}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={view.url} />
      {!view.indexable && <meta name="robots" content="noindex" />}
      <meta property="og:type" content="article" />
      <meta property="og:site_name" content={PRODUCT_NAME} />
      <meta property="og:title" content={view.query} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={view.url} />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={view.query} />
      <meta name="twitter:description" content={description} />
    </>
  );
}
