import { z } from 'zod';
import { ZErrorBody } from '../../../plugins/errors';

export const errorResponses = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
};

export const ZDocumentParams = z.object({ id: z.string().trim().min(1).max(64) });
