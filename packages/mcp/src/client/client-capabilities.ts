import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema, type ClientCapabilities, type Root } from '@modelcontextprotocol/sdk/types.js';
import type { Model } from '@toolwright/core';
import { approvalField, isApprovalForm, withContent, type McpElicitationHandler, type McpElicitationRequest } from './elicitation-answer';
import { answerSampling } from './sampling-answer';

/** What the client offers servers besides calling tools. @internal */
export interface ClientFeatures {
  serverName: string;
  elicitation?: McpElicitationHandler;
  sampling?: Model;
  roots?: Root[];
  /**
   * Decides an approval form through the runner's approval handler of the call in flight:
   * true/false, or undefined when no run decides it (then the `elicitation` handler does).
   */
  approve?: (request: McpElicitationRequest) => Promise<boolean | undefined>;
}

/** The capabilities to declare in `initialize`. @internal */
export function capabilitiesOf(features: ClientFeatures): ClientCapabilities {
  return {
    ...(features.elicitation ? { elicitation: { form: { applyDefaults: true } } } : {}),
    ...(features.sampling ? { sampling: {} } : {}),
    ...(features.roots ? { roots: { listChanged: false } } : {}),
  };
}

/** Answers `elicitation/create`, `sampling/createMessage` and `roots/list` as declared. @internal */
export function installCapabilities(client: Client, features: ClientFeatures): void {
  const { elicitation, sampling, roots, approve, serverName } = features;
  if (elicitation) {
    client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
      const params = request.params;
      if (approve && isApprovalForm(params)) {
        const approved = await approve(params);
        if (approved !== undefined) return { action: 'accept', content: { [approvalField(params)]: approved } };
      }
      return withContent(await elicitation(params, { server: serverName, signal: extra.signal }));
    });
  }
  if (sampling) {
    client.setRequestHandler(CreateMessageRequestSchema, (request, extra) => answerSampling(sampling, request.params, extra.signal));
  }
  if (roots) {
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: roots.map((root) => ({ ...root })) }));
  }
}
