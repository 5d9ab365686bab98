/** Placeholder of the practice app's forgot-password screen (built by the app-shell task). */
export default function Placeholder() {
  return <main>forgot-password</main>;
}
