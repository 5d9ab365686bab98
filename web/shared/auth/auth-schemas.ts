/**
 * The contract schemas of the sign-in screen, gathered in one module that is only ever imported
 * dynamically (see lazy-schemas.ts): the login page paints without any schema code.
 */
export { loginAnswerSchema, loginBodySchema, resetRequestSchema } from '@practica/contract';
