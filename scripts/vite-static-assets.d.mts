import type { Plugin } from 'vite';

/** Types of scripts/vite-static-assets.mjs (a plain module, so Vite loads its config without bundling it). */
export function precompress(dir: string): { files: number; bytes: number; brotli: number };
export function icoFromPngs(images: Array<{ size: number; png: Uint8Array }>): Buffer;
export function staticAssets(): Plugin;
