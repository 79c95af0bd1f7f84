import type { Material, MaterialList, MaterialTextRequest } from '@grasp/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import {
  deleteMaterial,
  listMaterials,
  pasteMaterial,
  type UploadProgress,
  uploadPdf,
} from './materials-api.ts';

export type ListState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: MaterialList };

export type AddState =
  | { status: 'idle' }
  | { status: 'busy'; progress: UploadProgress }
  | { status: 'error'; message: string; code: string };

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

/** The caller's materials, and adding or deleting one; the list is read again after each. */
export function useMaterials() {
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [add, setAdd] = useState<AddState>({ status: 'idle' });
  const upload = useRef<AbortController | null>(null);
  // The PDF last sent, so a refusal that passes (every reader busy) can be retried as it was.
  const lastFile = useRef<File | null>(null);

  const reload = useCallback(async (signal?: AbortSignal) => {
    try {
      const data = await listMaterials(signal);
      setList({ status: 'ready', data });
    } catch (error) {
      if (signal?.aborted) return;
      setList({ status: 'error', message: messageOf(error) });
    }
  }, []);

  useEffect(() => {
    const call = new AbortController();
    void reload(call.signal);
    return () => {
      call.abort();
      upload.current?.abort();
    };
  }, [reload]);

  const adding = async (work: () => Promise<Material>): Promise<Material | null> => {
    try {
      const material = await work();
      setAdd({ status: 'idle' });
      await reload();
      return material;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        setAdd({ status: 'idle' });
        return null;
      }
      const code = error instanceof ApiError ? error.code : 'ERROR';
      setAdd({ status: 'error', message: messageOf(error), code });
      return null;
    }
  };

  const uploadFile = (file: File) => {
    lastFile.current = file;
    upload.current?.abort();
    const call = new AbortController();
    upload.current = call;
    setAdd({ status: 'busy', progress: { phase: 'sending', percent: 0 } });
    return adding(() =>
      uploadPdf(file, (progress) => setAdd({ status: 'busy', progress }), call.signal),
    );
  };

  return {
    list,
    add,
    reload,
    uploadFile,
    /** Sends the last PDF again (after "every reader is busy"). */
    async retryUpload(): Promise<Material | null> {
      return lastFile.current ? uploadFile(lastFile.current) : null;
    },
    cancelUpload() {
      upload.current?.abort();
    },
    paste(request: MaterialTextRequest) {
      setAdd({ status: 'busy', progress: { phase: 'reading' } });
      return adding(() => pasteMaterial(request));
    },
    async remove(materialId: string) {
      await deleteMaterial(materialId);
      await reload();
    },
    dismissError: () => setAdd({ status: 'idle' }),
  };
}
