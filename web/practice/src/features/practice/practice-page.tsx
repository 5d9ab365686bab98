/** Placeholder of the practice screen (built by the practice-core task). */
export default function PracticePage() {
  return <main>practice</main>;
}
