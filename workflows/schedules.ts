// Temporal Schedules, one per source cadence: each refreshes the source assets of that cadence and
// everything downstream of them. Up-to-date assets are skipped by the catalog, so a schedule that finds no
// changed file costs seconds.
import {
  ScheduleNotFoundError,
  ScheduleOverlapPolicy,
  type Client,
  type CalendarSpec,
} from '@temporalio/client';
import type { AssetDefinition } from '../pipelines/orchestration/definition';
import type { ServiceConfig } from '../pipelines/config';
import { refreshWorkflowId } from './client';
import { scheduledRefreshWorkflow } from './scheduled-refresh.workflow';

export interface RefreshSchedule {
  id: string;
  cadence: AssetDefinition['cadence'];
  select: string[];
  calendar: CalendarSpec;
  description: string;
}

// Times in UTC, early morning, a few days after the publishers' usual release dates.
const CALENDARS: Partial<Record<AssetDefinition['cadence'], CalendarSpec>> = {
  monthly: { dayOfMonth: 3, hour: 2, minute: 0, comment: '02:00 UTC on the 3rd of each month' },
  quarterly: {
    month: ['JANUARY', 'APRIL', 'JULY', 'OCTOBER'],
    dayOfMonth: 7,
    hour: 3,
    comment: '03:00 UTC, 7 Jan/Apr/Jul/Oct',
  },
  yearly: { month: 'JANUARY', dayOfMonth: 15, hour: 4, comment: '04:00 UTC on 15 January' },
};

/** The schedules implied by the source assets' cadences. */
export function refreshSchedules(
  assets: readonly AssetDefinition[],
  config: Pick<ServiceConfig, 'indexPrefix'>,
): RefreshSchedule[] {
  const sources = assets.filter((a) => a.upstream.length === 0);
  return Object.entries(CALENDARS).flatMap(([cadence, calendar]) => {
    const due = sources.filter((a) => a.cadence === cadence).map((a) => `${a.name}+`);
    if (due.length === 0) return [];
    return [
      {
        id: `${config.indexPrefix}-refresh-${cadence}`,
        cadence: cadence as AssetDefinition['cadence'],
        select: due,
        calendar: calendar!,
        description: `${cadence} sources and everything downstream: ${due.join(', ')}`,
      },
    ];
  });
}

/** Creates missing schedules and updates existing ones to match the asset graph. Returns their ids. */
export async function syncSchedules(
  client: Client,
  config: ServiceConfig,
  schedules: readonly RefreshSchedule[],
): Promise<string[]> {
  for (const s of schedules) {
    const action = {
      type: 'startWorkflow' as const,
      workflowType: scheduledRefreshWorkflow,
      taskQueue: config.taskQueue,
      workflowId: `${s.id}-run`,
      args: [{ select: s.select, refreshWorkflowId: refreshWorkflowId(config) }] as [
        Parameters<typeof scheduledRefreshWorkflow>[0],
      ],
    };
    const spec = { calendars: [s.calendar] };
    try {
      await client.schedule.getHandle(s.id).update((previous) => ({ ...previous, spec, action }));
    } catch (error) {
      if (!(error instanceof ScheduleNotFoundError)) throw error;
      await client.schedule.create({
        scheduleId: s.id,
        spec,
        action,
        policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' },
        state: { note: s.description },
      });
    }
  }
  return schedules.map((s) => s.id);
}

export interface ScheduleSummary {
  id: string;
  paused: boolean;
  note: string | undefined;
  nextRuns: string[];
  recentRuns: string[];
}

export async function describeSchedules(client: Client, ids: readonly string[]): Promise<ScheduleSummary[]> {
  const out: ScheduleSummary[] = [];
  for (const id of ids) {
    const d = await client.schedule.getHandle(id).describe();
    out.push({
      id,
      paused: d.state.paused,
      note: d.state.note,
      nextRuns: d.info.nextActionTimes.slice(0, 3).map((t) => t.toISOString()),
      recentRuns: d.info.recentActions.slice(-3).map((a) => a.takenAt.toISOString()),
    });
  }
  return out;
}
