import type { Gateway } from './create-gateway.ts';
import type { ClusterStore } from './cluster/open-cluster-store.ts';

/** Where `serve --http` answers a load balancer's health check. */
export const HEALTH_PATH = '/healthz';

/**
 * What `/healthz` says. `ok` and `degraded` answer 200: the instance serves the sessions it holds
 * (`degraded` names what does not work: an upstream down, or the shared store, without which new
 * sessions are refused). `starting` and `failing` answer 503, so a balancer sends nothing there: the
 * first connection attempts are still under way, or no upstream is connected at all.
 *
 * The check needs no token, so it carries counts and states only: no server names, errors or URLs.
 */
export interface HealthReport {
  readonly status: 'ok' | 'degraded' | 'starting' | 'failing';
  /** The instance's name (`cluster.instance`), in a cluster. */
  readonly instance?: string;
  readonly upstreams: { readonly connected: number; readonly total: number };
  /** In a cluster: whether the shared store answers. */
  readonly store?: 'reachable' | 'unreachable';
  /** One short line per problem. */
  readonly problems: readonly string[];
}

/** The health of `gateway` (and its cluster store, if any) now. Pure apart from reading their state. */
export function healthReport(gateway: Gateway, store?: ClusterStore): HealthReport {
  const statuses = gateway.statuses();
  const connected = statuses.filter((status) => status.state === 'connected').length;
  const connecting = statuses.some((status) => status.state === 'connecting');
  const problems: string[] = [];
  if (connected < statuses.length) problems.push(`${connected} of ${statuses.length} upstream servers connected`);
  const reachable = store === undefined ? undefined : store.status().reachable;
  if (reachable === false) problems.push('the shared store is unreachable: new sessions are refused, sessions held here go on');
  const status: HealthReport['status'] =
    statuses.length > 0 && connected === 0 ? (connecting ? 'starting' : 'failing') : problems.length > 0 ? 'degraded' : 'ok';
  return {
    status,
    ...(store === undefined ? {} : { instance: store.instance }),
    upstreams: { connected, total: statuses.length },
    ...(reachable === undefined ? {} : { store: reachable ? 'reachable' : 'unreachable' }),
    problems,
  };
}
