// Child process for the cross-process test: opens the shared accounts file and spends as fast as it can.
import { openAccountStore } from '../../../serving/accounts/store';

const [file, keyId, attempts, startAt] = process.argv.slice(2);
const store = openAccountStore(file!);
// Start together, so the processes really contend for the lock.
while (Date.now() < Number(startAt));
let admitted = 0;
for (let i = 0; i < Number(attempts); i++) {
  const a = store.admit(Number(keyId), 'epcs', `${process.pid}-${i}`);
  if (!a.ok) continue;
  admitted++;
  store.finish(Number(keyId), a.reservation, true, null);
}
store.close();
process.stdout.write(String(admitted));
