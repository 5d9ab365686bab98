import { ownModuleGraphTests, webProject } from './vitest.config';

/** The web test files that need a module graph of their own (`ownModuleGraphTests`). */
export default webProject('web-isolated', true, ownModuleGraphTests);
