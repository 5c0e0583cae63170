import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { ReportsModule } from '../reports/reports.module';
import { WeatherModule } from '../weather/weather.module';
import { SupportAgent } from './support.agent';

@Module({ imports: [WeatherModule, BillingModule, ReportsModule], providers: [SupportAgent] })
export class AgentsModule {}
