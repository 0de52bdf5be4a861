import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'boundaries/dependencies').map((message) => message.message);
}

describe('import boundaries', () => {
  it('stops a web feature from importing another feature', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/welcome/components/probe.ts',
      "import { useHealth } from '../../system-status/api/get-health';\nexport const probe = useHealth;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('system-status');
  });

  it('lets a feature import its own files and shared code', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/system-status/components/probe.ts',
      "import { useHealth } from '../api/get-health';\nimport { Button } from '../../../components/ui/button';\nexport const probe = [useHealth, Button];\n",
    );
    expect(errors).toEqual([]);
  });

  it('stops a server module from importing another module', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/accounts/probe.ts',
      "import { HealthRepository } from '../health/health-repository.js';\nexport const probe = HealthRepository;\n",
    );
    expect(errors).toHaveLength(1);
  });
});
