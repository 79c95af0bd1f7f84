import { type ComponentType, createContext } from 'react';

/** What another feature offers under a distillation (Assign to a class, from classes). */
export type DistillActions = ComponentType<{ subject: string; concepts: string[] }>;

/** Placed by the app (app/distiller-route.tsx), so this feature does not know who offers it. */
export const DistillActionsContext = createContext<DistillActions | null>(null);
