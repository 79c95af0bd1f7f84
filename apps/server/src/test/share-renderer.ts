import { resolve } from 'node:path';
import type { SharedExplanationView } from '@grasp/contract';
import {
  type SharePageRenderer,
  type ShareRenderModule,
  shareRendererOf,
} from '../features/share/share-renderer.ts';

/** The web app's share page entry, from source: what `npm run build` bundles for the server. */
const SOURCE = resolve(import.meta.dirname, '../../../web/src/app/share-render.tsx');

/** Share pages rendered by the web app's own components, as the built server renders them. */
export async function sourceShareRenderer(): Promise<SharePageRenderer> {
  const module = (await import(/* @vite-ignore */ SOURCE)) as ShareRenderModule;
  return shareRendererOf(module, module.BARE_SHELL);
}

/** A minimal view, for tests of what surrounds the rendering. */
export const SHARE_VIEW: SharedExplanationView = {
  url: 'https://grasp.example/s/AAAAAAAAAAAAAAAAAAAAAA',
  query: 'Gravity',
  template: 'default',
  difficulty: 'beginner',
  language: 'en',
  response: '## Gravity\nThe pull of mass.',
  relatedConcepts: [],
  sources: [],
  sharerFirstName: 'Asha',
  createdAt: '2026-01-01T00:00:00.000Z',
  indexable: false,
};
