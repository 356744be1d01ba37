// Entry point: "/" is the front page; "/g/<id>#<token>" is a seat's game page
// (the token stays in the fragment, so it never reaches server logs).
import './style.css';
import { homePage } from './home';
import { GamePage } from './game';

const root = document.getElementById('app')!;
const m = location.pathname.match(/^\/g\/([0-9a-zA-Z]+)$/);
if (m) {
  const token = location.hash.slice(1);
  const page = new GamePage(root, m[1], token);
  page.start().catch((e) => {
    root.innerHTML = `<p class="refusal">This game cannot be opened: ${String(e?.message ?? e)}</p><p><a href="/">Back to the games</a></p>`;
  });
  window.addEventListener('hashchange', () => location.reload());
} else {
  void homePage(root);
}
