import type { ClusterConfig } from '../gateway/cluster/cluster-config.ts';
import { instanceNameOf } from '../gateway/cluster/follow-stored-stream.ts';
import { openClusterStore } from '../gateway/cluster/open-cluster-store.ts';
import { createSessionRecords } from '../gateway/cluster/session-records.ts';
import { countOf } from '../text/count-of.ts';

/** What `inspect` tells of a config's cluster: whether its store answers, and who shares it. */
export interface ClusterReport {
  readonly name: string;
  /** The Redis URL as written, password masked. */
  readonly url: string;
  readonly reachable: boolean;
  /** Why not, when not. */
  readonly problem?: string;
  /** The instances alive now (by name), when the store answered. */
  readonly instances: readonly string[];
  /** Sessions open across the cluster, when the store answered. */
  readonly sessions?: number;
  /** `http.max_sessions`, the cap those sessions count against. */
  readonly maxSessions: number;
}

/**
 * Looks at a cluster's store as an observer (it pings, never beats, so it is not counted as an
 * instance): waits at most three store timeouts for an answer, then reads the live instances and the
 * open sessions. Throws only when the Redis client package is missing.
 */
export async function describeCluster(config: ClusterConfig, maxSessions: number): Promise<ClusterReport> {
  const store = await openClusterStore(config, { instance: false });
  try {
    const deadline = Date.now() + config.timeoutMs * 3;
    while (!store.status().reachable && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    const base = { name: config.name, url: config.displayUrl, maxSessions };
    if (!store.status().reachable) return { ...base, reachable: false, problem: store.status().problem ?? 'no answer', instances: [] };
    try {
      const instances = [...new Set((await store.aliveInstances()).map(instanceNameOf))].sort();
      const sessions = await createSessionRecords(store, { maxSessions, idleMs: 1 }).count();
      return { ...base, reachable: true, instances, sessions };
    } catch {
      return { ...base, reachable: false, problem: store.status().problem ?? 'no answer', instances: [] };
    }
  } finally {
    await store.close();
  }
}

/** The report as `inspect` prints it: one line, and what an unreachable store means for serve. */
export function renderCluster(report: ClusterReport): string {
  const head = `Cluster '${report.name}' (${report.url}):`;
  if (!report.reachable) {
    return `${head} UNREACHABLE (${report.problem}): serve --http refuses new sessions until it answers; sessions an instance holds go on\n`;
  }
  const instances =
    report.instances.length === 0
      ? 'no instance alive'
      : `${countOf(report.instances.length, 'instance')} alive (${report.instances.join(', ')})`;
  return `${head} reachable; ${instances}; ${countOf(report.sessions ?? 0, 'session')} open of http.max_sessions ${report.maxSessions}\n`;
}
