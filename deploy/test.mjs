#!/usr/bin/env node
// The several-instance deployment, proven on this machine: Debian's nginx in front of two
// production-built Bondwise instances on one PostgreSQL. It logs in through nginx, shows that a
// logout on one instance ends the session on the other, and that each background job runs on one
// instance at a time. Everything it starts it stops (bounded in time); it talks only to loopback.
//
//   npm run build && node deploy/test.mjs      (npm run test:deploy does both)
//
// DEPLOY_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is the server on
// which it creates, and afterwards drops, a database of its own. Ports: DEPLOY_PORT (8320) for
// nginx, the two next ones for the instances.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const ADMIN_URL = process.env.DEPLOY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NGINX_PORT = Number(process.env.DEPLOY_PORT ?? 8320);
const PORTS = [NGINX_PORT + 1, NGINX_PORT + 2];
const DEADLINE = Date.now() + 240_000;
const base = `http://127.0.0.1:${NGINX_PORT}`;
const children = [];
const prefix = mkdtempSync(join(tmpdir(), 'bondwise-deploy-'));
const dbName = `bondwise_deploy_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
let failures = 0;

const log = (line) => console.log(`deploy: ${line}`);
function check(ok, what) {
  log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
}
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what, probe) {
  while (Date.now() < DEADLINE) {
    try {
      if (await probe()) return;
    } catch {
      // not up yet
    }
    await pause(250);
  }
  throw new Error(`timed out waiting for ${what}`);
}

function startInstance(name, port, extraEnv) {
  const dataDir = join(prefix, name);
  mkdirSync(dataDir, { recursive: true });
  const out = join(prefix, `${name}.log`);
  const child = spawn(process.execPath, ['dist/server/index.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: 'deploy-test-secret-0123456789abcdef0123456789',
      PUBLIC_URL: base,
      TRUST_PROXY: '127.0.0.1',
      MFA_REQUIRED: 'false',
      LIVE_MARKET: 'true',
      LIVE_TICK_MS: '1000',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks = [];
  child.stdout.on('data', (c) => chunks.push(c));
  child.stderr.on('data', (c) => chunks.push(c));
  child.on('exit', () => writeFileSync(out, Buffer.concat(chunks)));
  children.push(child);
  return child;
}

async function json(method, url, { token, body } = {}) {
  const res = await fetch(url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function main() {
  if (!existsSync('dist/server/index.mjs') || !existsSync('dist/web/index.html')) throw new Error('run `npm run build` first');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  await admin.end();
  log(`database ${dbName}, nginx on :${NGINX_PORT}, instances on :${PORTS.join(', :')}`);

  // The first instance migrates; the second joins it.
  startInstance('a', PORTS[0], {});
  await waitFor('instance a', async () => (await fetch(`http://127.0.0.1:${PORTS[0]}/health`)).ok);
  startInstance('b', PORTS[1], {});
  await waitFor('instance b', async () => (await fetch(`http://127.0.0.1:${PORTS[1]}/health`)).ok);

  const conf = readFileSync('deploy/nginx.conf.template', 'utf8')
    .replaceAll('${PREFIX}', prefix)
    .replaceAll('${NGINX_PORT}', String(NGINX_PORT))
    .replaceAll('${PORT_A}', String(PORTS[0]))
    .replaceAll('${PORT_B}', String(PORTS[1]));
  writeFileSync(join(prefix, 'nginx.conf'), conf);
  const nginx = spawn('nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: 'inherit' });
  children.push(nginx);
  await waitFor('nginx', async () => (await fetch(`${base}/health`)).ok);

  // Through nginx: sign up (production seeds no demo accounts), confirm by the e-mailed link
  // (no SMTP here, so the instances write e-mail to their outbox folders), log in.
  const email = `deploy-${randomBytes(3).toString('hex')}@example.com`;
  const password = 'Deploy-Passw0rd-2026';
  check((await json('POST', `${base}/auth/signup`, { body: { email } })).status === 202, 'sign-up through nginx');
  let uuid = null;
  await waitFor('the sign-up e-mail', async () => {
    for (const name of ['a', 'b']) {
      const dir = join(prefix, name, 'outbox');
      if (!existsSync(dir)) continue;
      for (const file of readdirSync(dir)) {
        const text = readFileSync(join(dir, file), 'utf8');
        const match = text.includes(email) ? /\/bw\/signup\/([0-9a-f-]{36})/.exec(text) : null;
        if (match) uuid = match[1];
      }
    }
    return uuid !== null;
  });
  const confirmed = await json('POST', `${base}/auth/confirm`, { body: { uuid, email, name: 'Deploy Check', password, tosConsent: true } });
  check(confirmed.status === 201, `account confirmed through nginx (${confirmed.status})`);
  const login = await json('POST', `${base}/auth/login/start?v=2`, { body: { email, password, mfaPlatform: 'none' } });
  check(login.status === 200 && login.body?.kind === 'session', `login through nginx (${login.status})`);
  const token = login.body.auth.session.value;
  const userId = login.body.auth.userId;
  const me = (port) => json('GET', `http://127.0.0.1:${port}/v2/user/${encodeURIComponent(userId)}`, { token });
  check((await json('GET', `${base}/v2/market/summary`, { token })).status === 200, 'market data through nginx');
  check((await me(PORTS[1])).status === 200, 'instance b accepts the session');

  // Logout on instance a; instance b refuses the same access token within its 5-s session check.
  const out = await json('POST', `http://127.0.0.1:${PORTS[0]}/auth/logout`, { token, body: {} });
  check(out.status >= 200 && out.status < 300, `logout on instance a (${out.status})`);
  const loggedOutAt = Date.now();
  let refusedAfter = null;
  while (Date.now() - loggedOutAt < 15_000) {
    if ((await me(PORTS[1])).status === 401) {
      refusedAfter = Date.now() - loggedOutAt;
      break;
    }
    await pause(250);
  }
  check(refusedAfter !== null, `instance b refuses the logged-out session${refusedAfter === null ? '' : ` after ${refusedAfter} ms`}`);

  // Background jobs: over 12 s each job runs at most once per interval, on one instance at a time.
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const runs = async () => new Map((await db.query('select name, owner, runs from job_leases')).rows.map((r) => [r.name, r]));
  const before = await runs();
  await pause(12_000);
  const after = await runs();
  const live = after.get('live-market');
  for (const [name, row] of after) {
    const delta = Number(row.runs) - Number(before.get(name)?.runs ?? 0);
    log(`job ${name}: ${delta} run(s) in 12 s, lease held by ${row.owner.slice(0, 8)}`);
  }
  const tickDelta = live ? Number(live.runs) - Number(before.get('live-market')?.runs ?? 0) : 0;
  check(
    live !== undefined && tickDelta >= 1 && tickDelta <= 13,
    `the 1-s live-market job ran ${tickDelta} times in 12 s across two instances (at most once a second)`,
  );
  const outbox = after.get('email-outbox');
  const outboxDelta = outbox ? Number(outbox.runs) - Number(before.get('email-outbox')?.runs ?? 0) : 0;
  check(outboxDelta <= 3, `the 5-s outbox job ran ${outboxDelta} times in 12 s (twice as often would mean both instances ran it)`);
  await db.end();
}

async function cleanup() {
  for (const child of children.reverse()) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.race([Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null))), pause(15_000)]);
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  try {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  } catch (err) {
    log(`could not drop ${dbName}: ${err.message}`);
  }
  if (failures > 0) log(`instance logs kept in ${prefix}`);
  else rmSync(prefix, { recursive: true, force: true });
}

const nginxMissing = spawnSync('nginx', ['-v']).error;
if (nginxMissing) {
  console.error('deploy: nginx is not installed (apt-get install nginx)');
  process.exit(1);
}
main()
  .catch((err) => {
    failures++;
    log(`FAIL ${err.message}`);
  })
  .finally(async () => {
    await cleanup();
    log(failures === 0 ? 'all checks passed' : `${failures} check(s) failed`);
    process.exit(failures === 0 ? 0 : 1);
  });
