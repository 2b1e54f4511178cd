import { characterCount, NICK_NAME_MAX_LENGTH } from '@app/shared';

export type NickNameProblem = 'required' | 'tooLong';

/** The nickname rule (spec 01 §5, issue 3): 1 to NICK_NAME_MAX_LENGTH characters after trimming. */
export function validateNickName(value: string): NickNameProblem | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  if (characterCount(trimmed) > NICK_NAME_MAX_LENGTH) return 'tooLong';
  return null;
}
