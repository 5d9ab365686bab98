/** Placeholder of the practice app's sign-in screen (built by the app-shell task). */
export default function Placeholder() {
  return <main>sign-in</main>;
}
