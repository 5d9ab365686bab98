/**
 * The session storage key of the console's hand-over to the practice app (practice-handover.ts),
 * in a module of its own: the practice app's first page looks for a hand-over with it and loads
 * the code that reads one only when there is one (that page's JavaScript has a budget).
 */
export const practiceHandoverKey = 'practica.practice.handover';
