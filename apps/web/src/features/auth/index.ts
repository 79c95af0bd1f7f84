/** What other features may use of the auth feature: its form fields and alert. */

export { recheckSession } from './api/user-status.ts';
export { inputClass, labelClass } from './components/field-styles.ts';
export { FormAlert } from './components/form-alert.tsx';
export { AlertCircleIcon, CheckCircleIcon } from './components/icons.tsx';
export { PinField } from './components/pin-field.tsx';
export { TextField } from './components/text-field.tsx';
