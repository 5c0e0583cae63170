import { Module } from '@nestjs/common';
import { WeatherService } from './weather.service';
import { WeatherTools } from './weather.tools';

@Module({ providers: [WeatherService, WeatherTools], exports: [WeatherTools] })
export class WeatherModule {}
