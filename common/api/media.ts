/**
 * API contract of the media library (admin `media`): images and PDFs for blog posts.
 *
 * - GET    /admin/media                 → { items } with a short-lived link and a long-lived public link each
 * - POST   /admin/media?name=chart.png  → 201 MediaItem; the body is the file's bytes (application/octet-stream)
 * - PUT    /admin/media/{id}?name=…     → MediaItem: the same path, new bytes (links keep working)
 * - DELETE /admin/media/{id}            → 204; 409 while a published post uses it
 * - GET    /media/{path}?jwt={token}    → the file, when the token was signed for that path and has not expired
 *
 * The type is sniffed from the bytes (PNG, JPEG, GIF, WebP, PDF; SVG is refused since it can carry
 * script), and must agree with the name's extension; at most MEDIA_MAX_BYTES.
 */
import { z } from 'zod';
import { positiveId } from './shared';
import { path } from './path';

export const MEDIA_PATHS = {
  admin: '/admin/media',
  adminOne: path('/admin/media/:id'),
  /** GET ?jwt= : a file through its signed link (public: the token is the permission). */
  file: path('/media/:year/:month/:file'),
} as const;

export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/**
 * An image's declared size, bounded: a few kilobytes of header can claim 100,000 × 100,000 pixels,
 * which any reader decoding it (a browser, a thumbnailer) would try to allocate.
 */
export const MEDIA_MAX_SIDE_PX = 16_384;
export const MEDIA_MAX_PIXELS = 50_000_000;
/** Links in the admin page and the API: short-lived. */
export const MEDIA_LINK_TTL_SECONDS = 15 * 60;
/** Links for images of public posts (the feed, shared links): long-lived. */
export const MEDIA_PUBLIC_LINK_TTL_SECONDS = 365 * 24 * 3600;

export const MEDIA_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
} as const;
export type MediaMime = keyof typeof MEDIA_TYPES;

/** Where a file lives in the store: year/month/uuid.ext — no name of the uploader's, no dots to climb. */
export const MEDIA_PATH_PATTERN = /^\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp|pdf)$/;

export const mediaUploadQuerySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^/\\]+\.[A-Za-z0-9]{2,5}$/, 'name: a file name with its extension, e.g. chart.png'),
});
export const mediaIdParamsSchema = z.object({ id: positiveId });
/** /media/{year}/{month}/{file}: the three parts of a media path. */
export const mediaFileParamsSchema = z.object({
  year: z.string().regex(/^\d{4}$/, 'year: four digits'),
  month: z.string().regex(/^\d{2}$/, 'month: two digits'),
  file: z
    .string()
    .max(60)
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp|pdf)$/, 'file: not a media file name'),
});
export const mediaFileQuerySchema = z.object({ jwt: z.string().min(1, 'jwt: a signed link token is required').max(2000) });

export const mediaItemSchema = z.object({
  id: z.number().int(),
  path: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
  /** Expires after MEDIA_LINK_TTL_SECONDS. */
  link: z.string(),
  /** For public posts' images: expires after MEDIA_PUBLIC_LINK_TTL_SECONDS. */
  publicLink: z.string(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;
export const mediaListSchema = z.object({ items: z.array(mediaItemSchema) });
export type MediaList = z.infer<typeof mediaListSchema>;
