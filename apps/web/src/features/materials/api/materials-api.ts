import {
  ERROR_MESSAGES,
  MATERIAL_MESSAGES,
  type Material,
  type MaterialList,
  type MaterialTextRequest,
  materialListSchema,
  materialSchema,
} from '@grasp/contract';
import { ApiError, apiHeaders, apiRequest, reportUnauthorized } from '../../../lib/api-client.ts';

export const MATERIALS_PATH = '/api/materials';
// A 10 MB PDF on a slow phone connection, then the server's reading of it.
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

const badResponse = () => new ApiError('http', 0, 'BAD_RESPONSE', MATERIAL_MESSAGES.uploadFailed);

function parsed<T>(
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  body: unknown,
): T {
  const result = schema.safeParse(body);
  if (!result.success || result.data === undefined) throw badResponse();
  return result.data;
}

/** GET /api/materials: the caller's materials, newest first, and the plan's limit. */
export async function listMaterials(signal?: AbortSignal): Promise<MaterialList> {
  return parsed(materialListSchema, await apiRequest<unknown>(MATERIALS_PATH, { signal }));
}

/** POST /api/materials with pasted text. */
export async function pasteMaterial(request: MaterialTextRequest): Promise<Material> {
  return parsed(materialSchema, await apiRequest<unknown>(MATERIALS_PATH, { body: request }));
}

export async function deleteMaterial(materialId: string): Promise<void> {
  await apiRequest(`${MATERIALS_PATH}/${encodeURIComponent(materialId)}`, { method: 'DELETE' });
}

/** Where an upload stands: the bytes sent so far, then the server reading the PDF. */
export type UploadProgress = { phase: 'sending'; percent: number } | { phase: 'reading' };

function readJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function errorOf(xhr: XMLHttpRequest): ApiError {
  if (xhr.status === 401) reportUnauthorized();
  const body = readJson(xhr.responseText) as { code?: unknown; message?: unknown } | null;
  const message =
    typeof body?.message === 'string'
      ? body.message
      : xhr.status >= 500
        ? ERROR_MESSAGES.internalServerError
        : MATERIAL_MESSAGES.uploadFailed;
  return new ApiError(
    'http',
    xhr.status,
    typeof body?.code === 'string' ? body.code : 'HTTP_ERROR',
    message,
  );
}

/**
 * POST /api/materials with a PDF as multipart field `file`. XMLHttpRequest, not fetch: only it
 * reports how much of the body has been sent, which the progress bar shows.
 */
export function uploadPdf(
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<Material> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', MATERIALS_PATH);
    for (const [name, value] of Object.entries(apiHeaders())) xhr.setRequestHeader(name, value);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        onProgress({ phase: 'sending', percent: Math.round((event.loaded / event.total) * 100) });
      }
    };
    xhr.upload.onload = () => onProgress({ phase: 'reading' });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(parsed(materialSchema, JSON.parse(xhr.responseText)));
        } catch (error) {
          reject(error instanceof ApiError ? error : badResponse());
        }
        return;
      }
      reject(errorOf(xhr));
    };
    xhr.onerror = () => reject(new ApiError('network', 0, 'NETWORK', ERROR_MESSAGES.networkError));
    xhr.ontimeout = () =>
      reject(new ApiError('timeout', 0, 'TIMEOUT', ERROR_MESSAGES.requestTimeout));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
