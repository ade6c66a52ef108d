import type { Command } from 'commander';
import { dataPaths, loadConfig } from '../../pipelines/config';

const store = async () =>
  (await import('../../serving/accounts/store')).openAccountStore(dataPaths(loadConfig().dataDir).accountsDb);

/** `epcs=5,properties=8` → { epcs: 5, properties: 8 }. */
function pairs(text: string | undefined, what: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (text ?? '').split(',').filter(Boolean)) {
    const [name, value] = part.split('=');
    const n = Number(value);
    if (!name || !Number.isInteger(n) || n < 0)
      throw new Error(`${what}: expected name=integer, got ${part}`);
    out[name] = n;
  }
  return out;
}

const int = (text: string): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`expected a non-negative integer, got ${text}`);
  return n;
};

export function registerPlanCommands(program: Command): void {
  const plans = program
    .command('plans')
    .description('Subscription plans: credits and quotas per period, endpoint costs (operators)');
  plans
    .command('list')
    .description('List plans')
    .action(async () => {
      const accounts = await store();
      for (const p of accounts.listPlans())
        process.stdout.write(
          `${p.name}\tcredits ${p.creditLimit}/${p.quotaPeriod}\tquota ${p.quota ?? 'unlimited'}\tendpoints ${
            p.endpoints ? p.endpoints.join(',') || '(usage, requests only)' : 'all'
          }${Object.keys(p.overrides).length ? `\toverrides ${JSON.stringify(p.overrides)}` : ''}\n`,
        );
      accounts.close();
    });
  plans
    .command('create <name>')
    .description('Create a plan')
    .requiredOption('--credits <n>', 'credits spendable per period', int)
    .option('--quota <n>', 'requests per period that count toward the quota (default unlimited)', int)
    .option('--period <period>', 'month, week or day', 'month')
    .option('--endpoints <names>', 'comma-separated endpoint names the plan may use (default all)')
    .option('--cost <name=n,...>', 'per-endpoint credit costs overriding the defaults')
    .option('--endpoint-quota <name=n,...>', 'per-endpoint request quotas per period')
    .option(
      '--count-toward-quota <names>',
      'endpoints that count toward the plan quota besides the default ones',
    )
    .action(
      async (
        name: string,
        opts: {
          credits: number;
          quota?: number;
          period: string;
          endpoints?: string;
          cost?: string;
          endpointQuota?: string;
          countTowardQuota?: string;
        },
      ) => {
        const overrides: Record<
          string,
          { credit_cost?: number; quota?: number; affects_usage_plan_quota?: boolean }
        > = {};
        for (const [e, n] of Object.entries(pairs(opts.cost, '--cost'))) overrides[e] = { credit_cost: n };
        for (const [e, n] of Object.entries(pairs(opts.endpointQuota, '--endpoint-quota')))
          overrides[e] = { ...overrides[e], quota: n };
        for (const e of (opts.countTowardQuota ?? '').split(',').filter(Boolean))
          overrides[e] = { ...overrides[e], affects_usage_plan_quota: true };
        const accounts = await store();
        try {
          const plan = accounts.createPlan({
            name,
            creditLimit: opts.credits,
            quota: opts.quota ?? null,
            quotaPeriod: opts.period as 'month',
            endpoints: opts.endpoints === undefined ? null : opts.endpoints.split(',').filter(Boolean),
            overrides,
          });
          process.stdout.write(`created plan ${plan.name}\n`);
        } finally {
          accounts.close();
        }
      },
    );
  plans
    .command('assign <keyId> <plan>')
    .description("Move a key's subscription to a plan (the current period and its counts carry over)")
    .action(async (keyId: string, plan: string) => {
      const accounts = await store();
      try {
        accounts.assignPlan(int(keyId), plan);
        process.stdout.write(`key #${keyId} is on plan ${plan}\n`);
      } finally {
        accounts.close();
      }
    });
  plans
    .command('usage <keyId>')
    .description("A key's subscription this period, as GET /usage answers it")
    .action(async (keyId: string) => {
      const accounts = await store();
      try {
        process.stdout.write(`${JSON.stringify(accounts.usage(int(keyId)), null, 2)}\n`);
      } finally {
        accounts.close();
      }
    });
}
