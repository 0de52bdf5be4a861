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
      "import { useProfile } from '../../account/api/get-profile';\nexport const probe = useProfile;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('account');
  });

  it('lets a feature import its own files and shared code', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/account/components/probe.ts',
      "import { useProfile } from '../api/get-profile';\nimport { Button } from '../../../components/ui/button';\nexport const probe = [useProfile, Button];\n",
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

  it("lets a server module call another module's service, and nothing else of it, even from a service", async () => {
    const service = await boundaryErrors(
      'apps/server/src/modules/chat/probe.ts',
      "import { SparksService } from '../sparks/sparks-service.js';\nexport const probe = SparksService;\n",
    );
    expect(service).toEqual([]);
    const repositoryFromService = await boundaryErrors(
      'apps/server/src/modules/chat/probe-service.ts',
      "import { SparksRepository } from '../sparks/sparks-repository.js';\nexport const probe = SparksRepository;\n",
    );
    expect(repositoryFromService).toHaveLength(1);
  });
});
