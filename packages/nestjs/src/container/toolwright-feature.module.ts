import { Module } from '@nestjs/common';

/**
 * The module class of `ToolwrightModule.forFeature(...)`. Logs, `ToolkitRegistry.list()` and
 * errors name the module that imports it instead.
 */
@Module({})
export class ToolwrightFeatureModule {}
