/** Query keys of the answer calls (001 §7). A review refreshes answers and assignments. */
export const answerKeys = {
  all: ['answers'] as const,
  detail: (id: number) => ['answers', id] as const,
  assignments: ['assignments'] as const,
};
