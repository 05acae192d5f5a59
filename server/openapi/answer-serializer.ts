import type { FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';

/** An answer that does not match what its route declares: a bug, so the API tests fail on it. */
export class UndeclaredAnswerError extends Error {
  constructor(method: string, url: string, status: string, issues: z.core.$ZodIssue[]) {
    const where = issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    super(`${method} ${url} answered ${status} with a body its declaration does not allow: ${where}`);
  }
}

function isZodSchema(schema: unknown): schema is z.ZodType {
  return typeof schema === 'object' && schema !== null && 'safeParse' in schema;
}

/**
 * Turns an answer into JSON. In production that is JSON.stringify and nothing else: checking every
 * answer against its schema would cost CPU on every request (the performance budget, docs/performance.md). With `checkAnswers` (the
 * API tests), every JSON answer is parsed with its route's declared schema first, strictly (no
 * undeclared field), and a mismatch is thrown, which the test sees as a 500.
 */
export function answerSerializer(checkAnswers: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    if (!checkAnswers || !isZodSchema(schema)) return (data) => JSON.stringify(data);
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success)
        throw new UndeclaredAnswerError(method, url, httpStatus ?? '?', result.error.issues);
      return JSON.stringify(data);
    };
  };
}
