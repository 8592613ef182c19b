import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resolveGatewayConfig } from '../../../src/gateway/gateway-config.ts';
import { createRedactor } from '../../../src/gateway/redact-secrets.ts';

const PLACES = {
  configDir: '/configs',
  tempDir: () => '/tmp/x',
  env: { REDIS_URL: 'redis://:s3cret-redis-password@10.0.0.5:6379/2', NODE: 'b' },
};

function refusal(cluster: unknown): string {
  try {
    resolveGatewayConfig({ cluster }, PLACES);
  } catch (error) {
    return (error as Error).message;
  }
  return '(resolved)';
}

describe('the cluster block', () => {
  test('is absent unless given, so nothing about Redis is loaded', () => {
    assert.equal(resolveGatewayConfig({}, PLACES).config.cluster, undefined);
  });

  test('resolves with defaults, placeholders expanded, and the URL shown with its password masked', () => {
    const { config } = resolveGatewayConfig(
      { cluster: { redis_url: '${env:REDIS_URL}', name: 'team', instance: 'gw-${env:NODE}' } },
      PLACES,
    );
    assert.deepEqual(config.cluster, {
      redisUrl: 'redis://:s3cret-redis-password@10.0.0.5:6379/2',
      displayUrl: '${env:REDIS_URL}',
      name: 'team',
      instance: 'gw-b',
      timeoutMs: 1_000,
      heartbeatMs: 2_000,
      activityLength: 10_000,
    });
  });

  test('makes the Redis password a secret: it never reaches a client, the log or the activity log', () => {
    const { config } = resolveGatewayConfig({ cluster: { redis_url: 'redis://user:another-long-password@127.0.0.1:6379' } }, PLACES);
    assert.equal(config.cluster?.displayUrl, 'redis://user:***@127.0.0.1:6379');
    const redact = createRedactor(config.secrets);
    assert.equal(redact('connect failed: another-long-password'), 'connect failed: <cluster.redis_url password>');
  });

  test('stops the gateway on an unknown key, naming the key it probably meant', () => {
    assert.equal(
      refusal({ redis_url: 'redis://127.0.0.1:6379', heartbeat: 100 }),
      "cluster.heartbeat: unknown key (did you mean 'cluster.heartbeat_ms'?); known keys: redis_url, name, instance, timeout_ms, heartbeat_ms, activity_length",
    );
  });

  test('stops the gateway on a missing, unparsable or non-Redis URL, never echoing a password', () => {
    assert.equal(
      refusal({ name: 'team' }),
      'cluster.redis_url: undefined is not a Redis URL; give one such as "redis://127.0.0.1:6379" (or "${env:REDIS_URL}"), or remove the cluster block to run alone',
    );
    assert.equal(
      refusal({ redis_url: 'http://u:topsecret@127.0.0.1:6379' }),
      'cluster.redis_url: "http://u:***@127.0.0.1:6379" must start with redis:// or rediss://',
    );
    assert.equal(
      refusal({ redis_url: 'redis://[::1' }),
      'cluster.redis_url: "redis://[::1" is not a URL (expected redis://host:port, e.g. "redis://127.0.0.1:6379")',
    );
  });

  test('stops the gateway on names that cannot be keys and numbers out of range', () => {
    assert.equal(
      refusal({ redis_url: 'redis://127.0.0.1', name: 'team a' }),
      `cluster.name: "team a" is not a name of 1 to 64 letters, digits, '.', '_' or '-'`,
    );
    assert.equal(
      refusal({ redis_url: 'redis://127.0.0.1', instance: '${env:UNSET_INSTANCE}' }),
      'cluster.instance: environment variable UNSET_INSTANCE is not set (or empty); set it, or write the value without a placeholder',
    );
    assert.equal(
      refusal({ redis_url: 'redis://127.0.0.1', heartbeat_ms: 5 }),
      'cluster.heartbeat_ms: 5 is not a whole number of milliseconds from 100 to 60000 (default 2000)',
    );
    assert.equal(
      refusal('redis://127.0.0.1'),
      'cluster: expected a mapping such as {redis_url: "redis://127.0.0.1:6379", name: "team"}, got "redis://127.0.0.1"',
    );
  });
});
