/**
 * Signed media links: `{media host}/{path}?jwt={token}`, the token an HS256 JWT whose subject is
 * the path and whose audience is the media host, signed with a key derived from JWT_SECRET for
 * this purpose only (an access token is not a media token, nor the other way round). A token opens
 * only the path it names and only until it expires, on the app's injected clock.
 */
import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const AUDIENCE = 'bondwise-media';

const keyOf = (secret: string) => new Uint8Array(createHmac('sha256', secret).update('bondwise media links v1').digest());

export function mediaHost(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/media`;
}

export async function signMediaLink(secret: string, publicUrl: string, path: string, nowMs: number, ttlSeconds: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(path)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(keyOf(secret));
  return `${mediaHost(publicUrl)}/${path}?jwt=${token}`;
}

/** Why a token does not open a path, or null when it does. */
export async function mediaTokenRefusal(secret: string, token: string, path: string, nowMs: number): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: new Date(nowMs),
    });
    if (payload.sub !== path) return 'This link was signed for another file';
    return null;
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_JWT_EXPIRED')
      return 'This link has expired; open the file again from the page that showed it';
    return 'This link is not valid';
  }
}
