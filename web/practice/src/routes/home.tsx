/** Placeholder of the practice app's home screen (built by the app-shell task). */
export default function Placeholder() {
  return <main>home</main>;
}
