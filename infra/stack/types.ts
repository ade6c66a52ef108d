// Shapes returned by the stack API (stable: the `pds` CLI and the tests read them).

/**
 * running: our own server (ES with cluster.name pds-local / the Temporal dev server from our pid file);
 * stopped: nothing listens on the port; foreign: the port is held by something that is not ours.
 */
export type ServiceState = 'running' | 'stopped' | 'foreign';

export interface ServiceStatus {
  name: 'elasticsearch' | 'temporal';
  state: ServiceState;
  /** Health check passed (ES yellow/green; Temporal `operator cluster health` SERVING). */
  healthy: boolean;
  /** host:port to connect to (ES HTTP, Temporal gRPC). */
  address: string;
  /** HTTP URL: ES base URL, or the Temporal Web UI. */
  url: string;
  pid: number | null;
  version: string | null;
  /** stdout/stderr of the server process. */
  logFile: string;
  /** Extra human detail: cluster health, or who holds the port. */
  detail: string;
}

export interface StackStatus {
  /** PDS_STACK_HOME: installs, data, logs, pid files. */
  home: string;
  /** Download cache shared by clones (ES zip, pip cache). */
  cacheDir: string;
  elasticsearch: ServiceStatus;
  temporal: ServiceStatus;
}
