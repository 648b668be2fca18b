import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_LOG_FILE } from './environment';

/**
 * A real admin access token for the e2e server, signed with the secret that server generated in
 * its data directory — the same signature, issuer and audience its auth plugin verifies.
 */
export async function adminToken(userId = 'e2e-admin'): Promise<string> {
  const secret = readFileSync(join(E2E_DATA_DIR, 'jwt-secret'), 'utf8').trim();
  return new SignJWT({ scope: 'user admin' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer('bondwise')
    .setAudience('bondwise-api')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(secret));
}

/** Switches maintenance mode through the real admin endpoint. */
export async function setMaintenance(on: boolean): Promise<void> {
  const res = await fetch(`${E2E_BASE_URL}/admin/maintenance`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ maintenanceMode: on }),
  });
  if (!res.ok) throw new Error(`maintenance switch failed: ${res.status} ${await res.text()}`);
}

/** The server's structured log lines so far (pino JSON), for checks of what the server saw. */
export function serverLogLines(): Record<string, unknown>[] {
  return readFileSync(E2E_LOG_FILE, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
