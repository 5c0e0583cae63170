import { Catch, NotFoundException, type ExceptionFilter } from '@nestjs/common';

/**
 * A Nest exception filter on the refund tool (`@UseFilters`): the billing service throws
 * `NotFoundException` for an unknown invoice (as it would for an HTTP route); on a tool call, what
 * the filter returns becomes the tool's output, phrased for the model.
 */
@Catch(NotFoundException)
export class InvoiceNotFoundFilter implements ExceptionFilter {
  catch(exception: NotFoundException): string {
    return `${exception.message} List the invoices to find the right number, or ask the customer.`;
  }
}
