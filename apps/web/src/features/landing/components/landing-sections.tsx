import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ContactSection } from './contact-section.tsx';
import { FeatureCards } from './feature-cards.tsx';
import { HowItWorks } from './how-it-works.tsx';
import { PopularTopics } from './popular-topics.tsx';
import { PricingSection } from './pricing-section.tsx';

/**
 * The header's section links are router links, so the page scrolls to them itself; this lives
 * with the sections so that it also works when they arrive after the link was followed.
 */
function useScrollToHash() {
  const location = useLocation();
  useEffect(() => {
    const target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    if (!target) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView?.({ behavior: reduced ? 'auto' : 'smooth' });
    // Keyboard and screen-reader users continue from the section they asked for.
    target.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }, [location]);
}

/** Everything below the hero: loaded just after it, so the first paint needs less script. */
export function LandingSections() {
  useScrollToHash();
  return (
    <>
      <HowItWorks />
      <FeatureCards />
      <PricingSection />
      <ContactSection />
      <PopularTopics />
    </>
  );
}
