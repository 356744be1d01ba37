// Entry point: "/" is the front page; "/g/<id>#<token>" is a seat's game page
// (the token stays in the fragment, so it never reaches server logs), and
// "/g/<id>?replay[=N]#<token>" the same game's replay and analysis board.
import './style.css';
import { homePage } from './home';
import { GamePage } from './game';
import { ReplayPage } from './replay';

const root = document.getElementById('app')!;
const m = location.pathname.match(/^\/g\/([0-9a-zA-Z]+)$/);
const replay = new URLSearchParams(location.search).get('replay');
if (m) {
  const token = location.hash.slice(1);
  const fail = (e: unknown) => {
    const why = e instanceof Error ? e.message : String(e);
    root.innerHTML = `<p class="refusal">This game cannot be opened: ${why.replace(/[&<>]/g, '')}</p><p><a href="/">Back to the games</a></p>`;
  };
  if (replay !== null) new ReplayPage(root, m[1], token).start(/^\d+$/.test(replay) ? Number(replay) : null).catch(fail);
  else new GamePage(root, m[1], token).start().catch(fail);
  window.addEventListener('hashchange', () => location.reload());
} else {
  void homePage(root);
}
