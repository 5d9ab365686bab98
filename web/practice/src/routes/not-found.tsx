/** Placeholder of the practice app's not-found screen (built by the app-shell task). */
export default function Placeholder() {
  return <main>not-found</main>;
}
