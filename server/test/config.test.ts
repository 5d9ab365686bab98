/** Configuration is validated once, with defaults (decisions.md#foundation 'Server'). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { storageOrigin } from '../src/lib/storage/index.js';
import { dutiesOf } from '../src/settings/role.js';

describe('loadConfig', () => {
  it('has defaults for the embedded database with the demo seed', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'practica-cfg-'));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
      sessionTtlSeconds: 12 * 3600,
      env: 'development',
    });
    // The embedded default keeps its signing key so tokens survive a restart.
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it("reserves a claimed media job for MEDIA_LEASE_SECONDS (default 2 minutes), so a killed worker's job is due again after that", () => {
    const base = { DATABASE_URL: 'postgres://x/y', DATA_DIR: 'memory://' };
    expect(loadConfig(base).media.leaseMs).toBe(120_000);
    expect(loadConfig({ ...base, MEDIA_LEASE_SECONDS: '20' }).media.leaseMs).toBe(20_000);
    expect(() => loadConfig({ ...base, MEDIA_LEASE_SECONDS: '2' })).toThrow(ConfigError);
  });

  it('lets an encode use MEDIA_ENCODE_THREADS threads (unset: ffmpeg chooses), at least 1', () => {
    const base = { DATABASE_URL: 'postgres://x/y', DATA_DIR: 'memory://' };
    expect(loadConfig(base).media.encodeThreads).toBeUndefined();
    expect(loadConfig({ ...base, MEDIA_ENCODE_THREADS: '1' }).media.encodeThreads).toBe(1);
    expect(() => loadConfig({ ...base, MEDIA_ENCODE_THREADS: '0' })).toThrow(ConfigError);
  });

  it('does not seed PostgreSQL unless SEED_DEMO=true', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', DATA_DIR: 'memory://' }).seedDemo).toBe(
      false,
    );
    expect(
      loadConfig({ DATABASE_URL: 'postgres://x/y', DATA_DIR: 'memory://', SEED_DEMO: 'true' })
        .seedDemo,
    ).toBe(true);
  });

  it('refuses bad values, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'root@example.test' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y' })).toThrow(
      /JWT_SECRET/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://x/y',
        JWT_SECRET: 'k'.repeat(32),
      }).env,
    ).toBe('production');
  });

  it('stores files on the local disk by default, in an S3 bucket with STORAGE_DRIVER=s3 and S3_BUCKET', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).storage).toEqual({ driver: 'local' });
    expect(() => loadConfig({ DATA_DIR: 'memory://', STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ DATA_DIR: 'memory://', STORAGE_DRIVER: 'gcs' })).toThrow(
      /STORAGE_DRIVER/,
    );
    const aws = loadConfig({ DATA_DIR: 'memory://', STORAGE_DRIVER: 's3', S3_BUCKET: 'media' });
    expect(aws.storage).toEqual({
      driver: 's3',
      bucket: 'media',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(storageOrigin(aws.storage)).toBe('https://media.s3.us-east-1.amazonaws.com');
    const minio = loadConfig({
      DATA_DIR: 'memory://',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(minio.storage).toMatchObject({ endpoint: 'http://minio:9000', forcePathStyle: true });
    expect(storageOrigin(minio.storage)).toBe('http://minio:9000');
  });

  it('reads TRUST_PROXY as a boolean, a hop count or a list', () => {
    expect(loadConfig({ DATA_DIR: 'memory://', TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: 'memory://', TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: 'memory://', TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe(
      '10.0.0.0/8',
    );
  });

  it('reads PRACTICA_ROLE: all by default, web or worker, anything else refused by name', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).role).toBe('all');
    expect(loadConfig({ DATA_DIR: 'memory://', PRACTICA_ROLE: 'web' }).role).toBe('web');
    expect(loadConfig({ DATA_DIR: 'memory://', PRACTICA_ROLE: 'worker' }).role).toBe('worker');
    for (const bad of ['Worker', 'api', '']) {
      expect(() => loadConfig({ DATA_DIR: 'memory://', PRACTICA_ROLE: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: 'memory://', PRACTICA_ROLE: bad })).toThrow(
        /PRACTICA_ROLE: must be web, worker or all/,
      );
    }
    expect(dutiesOf('all')).toEqual({ servesHttp: true, runsLoops: true });
    expect(dutiesOf('web')).toEqual({ servesHttp: true, runsLoops: false });
    expect(dutiesOf('worker')).toEqual({ servesHttp: false, runsLoops: true });
  });
});
