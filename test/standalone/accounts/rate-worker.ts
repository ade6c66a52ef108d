// Child process for the shared rate-limit test: opens the shared accounts file and takes tokens from the
// key's bucket as fast as it can; prints how many it got.
import { openAccountStore } from '../../../serving/accounts/store';

const [file, keyId, attempts, startAt] = process.argv.slice(2);
const store = openAccountStore(file!);
// Start together, so the processes really contend for the bucket.
while (Date.now() < Number(startAt));
let taken = 0;
for (let i = 0; i < Number(attempts); i++)
  if (store.takeRateToken(Number(keyId), Date.now(), { perSecond: 0.001, burst: 50 }).ok) taken++;
store.close();
process.stdout.write(String(taken));
