import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsString, MinLength, Validate, ValidateIf, ValidateNested, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { Args, Tool, parseToolArguments, toolsOf, ToolArgumentsError } from '@toolwright/core';
import { needsClassValidator } from '../../src/toolkit/dto-validation';
import type { ToolContext } from '@toolwright/core';

const ctx = { callId: 'call_9' } as ToolContext;

class Address {
  @IsString()
  street!: string;

  describe() {
    return `at ${this.street}`;
  }
}

class Booking {
  @IsString()
  @MinLength(2)
  guest!: string;

  @ValidateNested()
  @Type(() => Address)
  address!: Address;

  @Type(() => Date)
  when!: Date;
}

@ValidatorConstraint({ name: 'evenLength' })
class EvenLength implements ValidatorConstraintInterface {
  validate(value: unknown) {
    return typeof value === 'string' && value.length % 2 === 0;
  }

  defaultMessage() {
    return 'code must have an even length';
  }
}

class Coupon {
  @Validate(EvenLength)
  code!: string;
}

class Conditional {
  @ValidateIf((o: Conditional) => o.kind === 'email')
  @IsString()
  @MinLength(5)
  address?: string;

  @IsString()
  kind!: string;
}

const bookingSchema = {
  type: 'object',
  properties: {
    guest: { type: 'string', minLength: 2 },
    address: { type: 'object', properties: { street: { type: 'string' } }, required: ['street'] },
    when: { type: 'string', format: 'date-time' },
  },
  required: ['guest', 'address', 'when'],
};

describe('@Args DTOs', () => {
  class Hotel {
    @Tool({}, { parameters: bookingSchema, dates: ['/when'] })
    book(@Args() booking: Booking) {
      return booking;
    }

    @Tool({}, { parameters: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } })
    redeem(@Args() coupon: Coupon) {
      return coupon.code;
    }

    @Tool({}, { parameters: { type: 'object', properties: { address: { type: 'string' }, kind: { type: 'string' } }, required: ['kind'] } })
    contact(@Args() c: Conditional) {
      return c.kind;
    }
  }

  it('builds DTO instances with nested classes and Dates', async () => {
    const [book] = toolsOf(new Hotel());
    const args = parseToolArguments(book, '{"guest":"Ann","address":{"street":"Main"},"when":"2024-05-01T10:00:00Z"}');
    const booking = (await book.invoke(ctx, args)) as Booking;
    expect(booking).toBeInstanceOf(Booking);
    expect(booking.address).toBeInstanceOf(Address);
    expect(booking.address.describe()).toBe('at Main');
    expect(booking.when).toBeInstanceOf(Date);
    expect(booking.when.getUTCFullYear()).toBe(2024);
  });

  it('skips class-validator when the schema expresses every constraint', () => {
    expect(needsClassValidator(Booking)).toBe(false);
    expect(needsClassValidator(Coupon)).toBe(true);
    expect(needsClassValidator(Conditional)).toBe(true);
  });

  it('runs class-validator for custom validators, turning failures into ToolArgumentsError', async () => {
    const tools = toolsOf(new Hotel());
    const redeem = tools.find((t) => t.name === 'redeem')!;
    await expect(Promise.resolve(redeem.invoke(ctx, parseToolArguments(redeem, '{"code":"AB"}')))).resolves.toBe('AB');
    const failure = Promise.resolve(redeem.invoke(ctx, parseToolArguments(redeem, '{"code":"ABC"}')));
    await expect(failure).rejects.toBeInstanceOf(ToolArgumentsError);
    await expect(failure).rejects.toMatchObject({ callId: 'call_9', violations: [{ path: '/code', message: 'code must have an even length' }] });
  });

  it('runs class-validator for @ValidateIf', async () => {
    const contact = toolsOf(new Hotel()).find((t) => t.name === 'contact')!;
    await expect(Promise.resolve(contact.invoke(ctx, parseToolArguments(contact, '{"kind":"phone","address":"x"}')))).resolves.toBe('phone');
    await expect(Promise.resolve(contact.invoke(ctx, parseToolArguments(contact, '{"kind":"email","address":"x"}')))).rejects.toThrow(/\/address/);
  });
});
