// Why the certificate was made. Retired register entries carry a "backwards compatibility" suffix, which
// categoryKey removes; `unknown` / `not recorded` are no data.
import type { TransactionType } from '../../../../../schemas/epc';
import { lookup } from './normalise';
import { memoise } from '../values/memo';

const TRANSACTION = new Map<string, TransactionType>([
  ['marketed sale', 'Marketed sale'],
  ['non marketed sale', 'Non marketed sale'],
  ['non-marketed sale', 'Non marketed sale'],
  ['rental', 'Rental'],
  ['rental (social)', 'Rental (social)'],
  ['rental (private)', 'Rental (private)'],
  ['new dwelling', 'New dwelling'],
  ['eco assessment', 'ECO assessment'],
  ['assessment for green deal', 'Green Deal assessment'],
  ['green deal assessment', 'Green Deal assessment'],
  ['following green deal', 'Following Green Deal'],
  ['rhi application', 'RHI application'],
  ['fit application', 'FiT application'],
  ['stock condition survey', 'Stock condition survey'],
  ['not sale or rental', 'Not sale or rental'],
  ['none of the above', 'None of the above'],
]);

function toTransactionTypeRule(value: string | null | undefined): TransactionType | null {
  return lookup(TRANSACTION, value);
}

export const toTransactionType = memoise(toTransactionTypeRule);
