export { Content, isContentPart, type ContentPart, type TextContent, type ImageContent, type FileContent } from './content';
export { ToolResult, toToolResult, toModelOutput, detailsRoundTripProblem, type DisplayHint } from './tool-result';
export { emptyUsage, addUsage, type Usage } from './usage';
