import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { WeatherModule } from '../weather/weather.module';
import { SupportAgent } from './support.agent';

@Module({ imports: [WeatherModule, BillingModule], providers: [SupportAgent] })
export class AgentsModule {}
