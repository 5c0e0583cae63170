import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';

/**
 * A Nest pipe on the weather tool (`@UsePipes`): after Toolwright validated the arguments, it
 * tidies the `city` argument ("  new york " → "New York"). Other parameters pass through.
 */
@Injectable()
export class CityNamePipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'param' || metadata.data !== 'city' || typeof value !== 'string') return value;
    return value
      .trim()
      .split(/\s+/)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
      .join(' ');
  }
}
