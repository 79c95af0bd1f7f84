import { type SessionsResponse, sessionsResponseSchema } from '@grasp/contract';
import { apiParsed, apiRequest } from '../../../lib/api-client.ts';

export const fetchSessions = (): Promise<SessionsResponse> =>
  apiParsed(sessionsResponseSchema, '/api/me/sessions');

export const endSession = (id: string) =>
  apiRequest<null>(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const endOtherSessions = () => apiRequest<null>('/api/me/sessions', { method: 'DELETE' });
