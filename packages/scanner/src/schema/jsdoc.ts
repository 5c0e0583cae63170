import * as ts from 'typescript';

/** The summary of a method's JSDoc (the text before its tags), or `undefined`. */
export function jsDocSummary(node: ts.Node): string | undefined {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const text = docs.length > 0 ? ts.getTextOfJSDocComment(docs[docs.length - 1].comment) : undefined;
  return clean(text);
}

/** The text of the JSDoc `@param` tag documenting a parameter, or `undefined`. */
export function jsDocParamText(parameter: ts.ParameterDeclaration): string | undefined {
  for (const tag of ts.getJSDocParameterTags(parameter)) {
    const text = clean(ts.getTextOfJSDocComment(tag.comment)?.replace(/^\s*-\s*/, ''));
    if (text) return text;
  }
  return undefined;
}

function clean(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}
