import { Logger, Module } from '@nestjs/common';
import { createModel } from './create-model';

/** Injection token of the app's `Model`. */
export const MODEL = Symbol('MODEL');

@Module({
  providers: [
    {
      provide: MODEL,
      useFactory: () => {
        const { model, description } = createModel();
        new Logger('Model').log(description);
        return model;
      },
    },
  ],
  exports: [MODEL],
})
export class ModelModule {}
