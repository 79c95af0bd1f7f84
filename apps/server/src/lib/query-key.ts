/** The contract's normalisation, where the server's features have always imported it. */
export { queryKey } from '@grasp/contract';
