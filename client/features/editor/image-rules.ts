import { limits } from '@common/limits';

export type ImageCheck = { ok: true } | { ok: false; title: string; description: string };

/** Only image/* files, at most 5 MB ('Image too large' - 'Please select an image smaller than 5MB'). */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): ImageCheck {
  if (!file.type.startsWith('image/')) return { ok: false, title: 'Error adding image', description: 'Please try another image file' };
  if (file.size > limits.imageMaxBytes)
    return { ok: false, title: 'Image too large', description: 'Please select an image smaller than 5MB' };
  return { ok: true };
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('Could not read the image file'));
    reader.readAsDataURL(file);
  });
}
