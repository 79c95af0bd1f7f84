/** The materials feature's public part: the app composes it into /distiller. */
export { MaterialPanel } from './components/material-panel.tsx';
