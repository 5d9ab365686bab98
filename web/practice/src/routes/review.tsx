/** Placeholder of the practice app's review screen (built by the app-shell task). */
export default function Placeholder() {
  return <main>review</main>;
}
