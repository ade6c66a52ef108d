// The maintained retrofit grants rules file, read and validated once per process.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RetrofitGrantRulesSchema, type RetrofitGrantRules } from '../../schemas/api/retrofit';

export const RETROFIT_GRANTS_FILE = fileURLToPath(new URL('./retrofit-grants.json', import.meta.url));

/** Parse and validate rules text; throws with the zod issues (field paths) when the file is wrong. */
export function parseRetrofitGrantRules(text: string, file = RETROFIT_GRANTS_FILE): RetrofitGrantRules {
  const result = RetrofitGrantRulesSchema.safeParse(JSON.parse(text));
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`${file}: invalid retrofit grant rules: ${issues}`);
  }
  return result.data;
}

let cached: RetrofitGrantRules | undefined;
export function loadRetrofitGrantRules(): RetrofitGrantRules {
  cached ??= parseRetrofitGrantRules(readFileSync(RETROFIT_GRANTS_FILE, 'utf8'));
  return cached;
}
