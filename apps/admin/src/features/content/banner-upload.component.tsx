import { type AdminMediaUploadResponse, MEDIA_UPLOAD_MAX_BYTES, MEDIA_UPLOAD_TYPES } from '@app/shared';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { apiCall } from '../../shared/api-client.ts';
import { message } from '../../shared/feedback.ts';

/** The file's bytes as base64, without the data: prefix a FileReader adds. */
function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** Uploads a PNG, JPEG or WebP image (at most 1 MB) and hands back the address the server keeps it at. */
export function BannerUploadButton({ onUploaded }: { onUploaded: (url: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (!(MEDIA_UPLOAD_TYPES as readonly string[]).includes(file.type)) {
      message.error('Choose a PNG, JPEG or WebP image');
      return;
    }
    if (file.size > MEDIA_UPLOAD_MAX_BYTES) {
      message.error(`The image must be at most ${MEDIA_UPLOAD_MAX_BYTES / 1024} KB`);
      return;
    }
    setBusy(true);
    try {
      const answer = await apiCall<AdminMediaUploadResponse>('POST', '/admin/api/media', {
        content_type: file.type,
        data_base64: await readAsBase64(file),
      });
      onUploaded(answer.url);
      message.success('Image uploaded');
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={MEDIA_UPLOAD_TYPES.join(',')}
        style={{ display: 'none' }}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <Button size="small" loading={busy} onClick={() => input.current?.click()}>
        Upload
      </Button>
    </>
  );
}
