import { type ComponentType, createContext } from 'react';

/** Actions another feature adds to an explanation's toolbar (Share and Download, from share). */
export type ExplanationActions = ComponentType<{ query: string; explanationId: string }>;

/**
 * Where the app puts those actions (app/dashboard-route.tsx, app/distiller-route.tsx), so the
 * explain feature shows them without knowing the feature that makes them.
 */
export const ExplanationActionsContext = createContext<ExplanationActions | null>(null);
