// Human-readable rendering of StackStatus (shared by cli.ts and the `pds stack` commands).
import type { ServiceStatus, StackStatus } from './types';

function formatService(s: ServiceStatus): string {
  const where = s.name === 'temporal' ? `${s.address}   UI ${s.url}` : s.url;
  return [
    `${s.name.padEnd(13)} ${s.state}${s.state === 'running' && !s.healthy ? ' (unhealthy)' : ''}`,
    `  address   ${where}`,
    `  pid       ${s.pid ?? '-'}`,
    `  version   ${s.version ?? '-'}`,
    `  log       ${s.logFile}`,
    `  detail    ${s.detail}`,
  ].join('\n');
}

export function formatStatus(status: StackStatus): string {
  return [
    `stack home  ${status.home}`,
    `cache       ${status.cacheDir}`,
    '',
    formatService(status.elasticsearch),
    '',
    formatService(status.temporal),
  ].join('\n');
}
