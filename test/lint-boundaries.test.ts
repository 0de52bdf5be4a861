import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

  it('keeps server layers pointing one way: lib below llm, llm below modules, modules below plugins', async () => {
    const libToLlm = await boundaryErrors(
      'apps/server/src/lib/probe.ts',
      "import { modelTurn } from '../llm/model-turn.js';\nexport const probe = modelTurn;\n",
    );
    expect(libToLlm).toHaveLength(1);
    const libToModule = await boundaryErrors(
      'apps/server/src/lib/probe.ts',
      "import { SparksService } from '../modules/sparks/sparks-service.js';\nexport const probe = SparksService;\n",
    );
    expect(libToModule).toHaveLength(1);
    const moduleToPlugin = await boundaryErrors(
      'apps/server/src/modules/accounts/probe-routes.ts',
      "import { authPlugin } from '../../plugins/auth-plugin.js';\nexport const probe = authPlugin;\n",
    );
    expect(moduleToPlugin).toHaveLength(1);
    const llmToModule = await boundaryErrors(
      'apps/server/src/llm/probe.ts',
      "import { SparksService } from '../modules/sparks/sparks-service.js';\nexport const probe = SparksService;\n",
    );
    expect(llmToModule).toHaveLength(1);
    const downward = await boundaryErrors(
      'apps/server/src/llm/probe.ts',
      "import { AppError } from '../lib/app-error.js';\nimport { modelSettings } from '../lib/model-settings.js';\nexport const probe = [AppError, modelSettings];\n",
    );
    expect(downward).toEqual([]);
  });

  it('keeps shared web code free of features and of the app shell', async () => {
    const toFeature = await boundaryErrors(
      'apps/web/src/components/probe.ts',
      "import { useProfile } from '../features/account/api/get-profile';\nexport const probe = useProfile;\n",
    );
    expect(toFeature).toHaveLength(1);
    const toApp = await boundaryErrors('apps/web/src/lib/probe.ts', "import { App } from '../app/app';\nexport const probe = App;\n");
    expect(toApp).toHaveLength(1);
  });

  it('refuses an import cycle anywhere in the apps', async () => {
    // A cycle needs two real files; they live in a folder of their own for the length of the test.
    const folder = mkdtempSync(join(new URL('../apps/server/src/lib/', import.meta.url).pathname, 'cycle-probe-'));
    try {
      writeFileSync(join(folder, 'first.ts'), "import { second } from './second.js';\nexport const first = () => second();\n");
      writeFileSync(join(folder, 'second.ts'), "import { first } from './first.js';\nexport const second = (): unknown => first;\n");
      const [result] = await eslint.lintFiles([join(folder, 'first.ts')]);
      expect((result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-cycle')).toHaveLength(1);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('asks for the contract’s Language type where the languages are spelt out', async () => {
    const [spelt] = await eslint.lintText("export const greet = (language: 'en' | 'es') => language;\n", { filePath: 'apps/server/src/lib/probe.ts' });
    expect((spelt?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax')).toHaveLength(1);
    const [typed] = await eslint.lintText("import type { Language } from '@sparks/contract';\nexport const greet = (language: Language) => language;\n", {
      filePath: 'apps/server/src/lib/probe.ts',
    });
    expect((typed?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax')).toEqual([]);
  });
});
