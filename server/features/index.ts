import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps';
import { registerTextbookRoutes } from './textbooks/textbooks.routes';
import { registerVersionRoutes } from './versions/versions.routes';
import { registerImageRoutes } from './images/images.routes';
import { registerCollaboratorRoutes } from './collaborators/collaborators.routes';
import { registerUserRoutes } from './users/users.routes';
import { registerReferenceRoutes } from './references/references.routes';
import { registerGenerateRoutes } from './generate/generate.routes';
import { registerAssistantRoutes } from './assistant/assistant.routes';
import { registerExtractRoutes } from './extract/extract.routes';
import { registerMaterialRoutes } from './materials/materials.routes';
import { registerAiToolRoutes } from './ai-tools/ai-tools.routes';
import { registerShareRoutes } from './share/share.routes';
import { registerExportRoutes } from './export/export.routes';
import { registerSourceRoutes } from './sources/sources.routes';
import { registerProvenanceRoutes } from './provenance/provenance.routes';

/**
 * Feature routes beyond auth. Each feature registers itself here in one line,
 * so the app's surface is readable in one place.
 */
export async function registerFeatures(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // features are registered below as they land
  registerTextbookRoutes(app, deps);
  registerVersionRoutes(app, deps);
  registerImageRoutes(app, deps);
  registerCollaboratorRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerExtractRoutes(app, deps);
  registerReferenceRoutes(app, deps);
  registerGenerateRoutes(app, deps);
  registerAssistantRoutes(app, deps);
  registerMaterialRoutes(app, deps);
  registerAiToolRoutes(app, deps);
  registerShareRoutes(app, deps);
  registerExportRoutes(app, deps);
  registerSourceRoutes(app, deps);
  registerProvenanceRoutes(app, deps);
}
