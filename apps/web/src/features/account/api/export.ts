import { ApiError, apiHeaders, reportUnauthorized } from '../../../lib/api-client.ts';

const EXPORT_TIMEOUT_MS = 5 * 60 * 1000;

/**
 * Downloads the account's zip, telling `onProgress` how many bytes have come so far (the server
 * streams it, so the total is not known beforehand).
 */
export async function downloadExport(
  onProgress: (bytes: number) => void,
): Promise<{ blob: Blob; filename: string }> {
  let response: Response;
  try {
    response = await fetch('/api/me/export', {
      headers: apiHeaders('application/zip'),
      signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError('network', 0, 'NETWORK', 'The download failed. Please try again.');
  }
  if (!response.ok) {
    if (response.status === 401) reportUnauthorized();
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(
      'http',
      response.status,
      'HTTP_ERROR',
      body?.message ?? 'The download failed. Please try again.',
    );
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  try {
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(received);
    }
  } catch {
    throw new ApiError('network', 0, 'NETWORK', 'The download was cut off. Please try again.');
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'grasp-export.zip';
  return { blob: new Blob(chunks as BlobPart[], { type: 'application/zip' }), filename };
}
