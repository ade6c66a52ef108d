// Domestic energy prices: the Ofgem energy price cap's unit rates and standing charges per cap period, region,
// payment method and meter (reference/datasets/energy-prices.md). The staged table's row schema (the loader
// writes these columns; the data dictionary describes them) and the vocabularies the API shares with it.
import { z } from 'zod';

/** Ofgem's three payment methods; "Other Payment Method" in the workbooks is Direct Debit (§3.2). */
export const PAYMENT_METHODS = ['Direct Debit', 'Standard Credit', 'Prepayment'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What a row prices: single-rate electricity, multi-register electricity (e.g. Economy 7, one blended rate), gas. */
export const PRICE_CAP_FUELS = ['electricity', 'electricity_multi_register', 'gas'] as const;
export type PriceCapFuel = (typeof PRICE_CAP_FUELS)[number];

/** The GB average's region code (the 14 regions have their GSP group, `_A` … `_P`). */
export const GB_AVERAGE_REGION = 'GB';

export const EnergyPriceRowSchema = z
  .object({
    period_start: z.string().describe('First day of the cap period, YYYY-MM-DD'),
    period_end: z.string().describe('Last day of the cap period, YYYY-MM-DD'),
    period_label: z
      .string()
      .describe('The period as the workbook states it, e.g. "July 2026 - September 2026"'),
    region_code: z
      .string()
      .describe('GSP group of the electricity distribution region, `_A` … `_P`; `GB` for the GB average'),
    region_name: z
      .string()
      .describe("Region as Ofgem's model labels it (e.g. `N Wales and Mersey`), or `GB average`"),
    payment_method: z
      .enum(PAYMENT_METHODS)
      .describe('Direct Debit ("Other Payment Method"), Standard Credit or Prepayment'),
    fuel: z
      .enum(PRICE_CAP_FUELS)
      .describe('electricity (single-rate), electricity_multi_register (one blended rate) or gas'),
    nil_gbp_ex_vat: z
      .number()
      .describe('Cap level at nil consumption, GBP per customer per year, excluding VAT'),
    benchmark_gbp_ex_vat: z
      .number()
      .describe('Cap level at the benchmark consumption, GBP per customer per year, excluding VAT'),
    benchmark_kwh: z.number().describe('The benchmark consumption the cap level is stated at, kWh per year'),
    vat_rate: z
      .number()
      .describe('VAT applied to the consumer rates, a fraction (0.05; 0 where it was removed)'),
    unit_rate_pence_per_kwh: z
      .number()
      .describe(
        'Unit rate, pence per kWh including VAT: (benchmark − nil) × 100 ÷ benchmark kWh × (1 + VAT), 2 dp',
      ),
    standing_charge_pence_per_day: z
      .number()
      .describe('Standing charge, pence per day including VAT: nil × 100 ÷ 365 × (1 + VAT), 2 dp'),
    source_file: z.string().describe('The workbook the row was read from (`energy-prices/<file name>`)'),
  })
  .describe(
    'Ofgem energy price cap (Annex 9 "1a Levelised DTC"): unit rates and standing charges per cap period, region, ' +
      'payment method and meter, with the GB average',
  );
export type EnergyPriceRow = z.infer<typeof EnergyPriceRowSchema>;

export const ENERGY_PRICE_TABLES = {
  energy_prices: { layer: 'staged', schema: EnergyPriceRowSchema },
} as const;
